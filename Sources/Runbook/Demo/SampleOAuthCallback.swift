/// The sample's native OAuth callback leg (ADR-043's third leg): the iOS head registers the
/// custom scheme in Info.plist, the Android head through a `WebAuthenticatorCallbackActivity`, the
/// client's broker calls back to it, and the identity service allow-lists it. None of these files
/// holds the web host, so the scan's counts stay as they are.
extension SampleRepository {
    /// The app's callback scheme: reverse-DNS, so no generic-scheme warning.
    public static let callbackScheme = "com.example.conference"

    /// The leg's files, written by the first commit.
    static let oauthCallbackFiles: [(path: String, content: String)] = [
        ("Source/Hosts/UI/App.UI/Platforms/iOS/Info.plist", infoPlist),
        ("Source/Hosts/UI/App.UI/Platforms/Android/WebAuthenticatorCallbackActivity.cs", callbackActivity),
        ("Source/Hosts/UI/App.UI/Services/ExternalAuthBroker.cs", broker),
        ("Source/Services/App.Identity.Service/appsettings.json", identitySettings),
    ]

    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
          <key>CFBundleURLTypes</key>
          <array>
            <dict>
              <key>CFBundleURLSchemes</key>
              <array>
                <string>\(callbackScheme)</string>
              </array>
            </dict>
          </array>
        </dict>
        </plist>

        """

    static let callbackActivity = """
        using Android.App;
        using Android.Content;

        namespace Sample.Conference.Platforms.Android;

        [Activity(NoHistory = true, Exported = true)]
        [IntentFilter(new[] { Intent.ActionView },
            Categories = new[] { Intent.CategoryDefault, Intent.CategoryBrowsable },
            DataScheme = CallbackScheme)]
        public class WebAuthenticatorCallbackActivity : Microsoft.Maui.Authentication.WebAuthenticatorCallbackActivity
        {
            const string CallbackScheme = "\(callbackScheme)";
        }

        """

    static let broker = """
        using Microsoft.Maui.Authentication;

        namespace Sample.Conference.Services;

        // The provider flow runs in the system browser; the identity service redirects back to the
        // custom scheme with a single-use code, never a token.
        public sealed class ExternalAuthBroker
        {
            const string CallbackUrl = "\(callbackScheme)://oauth-complete";

            public async Task<string?> SignInAsync(string gateway, string provider)
            {
                var result = await WebAuthenticator.Default.AuthenticateAsync(
                    new Uri($"{gateway}/auth/oauth/{provider}?returnUrl={Uri.EscapeDataString(CallbackUrl)}"),
                    new Uri(CallbackUrl));
                return result.Properties.TryGetValue("code", out var code) ? code : null;
            }
        }

        """

    static let identitySettings = """
        {
          "OAuth": {
            "AllowedReturnUrlSchemes": [ "\(callbackScheme)" ]
          }
        }

        """
}
