#!/usr/bin/env bash
# Until `relops demo` lands: build a small MAUI-style sample repository in a temporary folder and
# run `relops scan` on it. Leaves nothing behind.
set -euo pipefail
relops="$1"
work=$(mktemp -d -t relops-demo-XXXXXX)
trap 'rm -rf "$work"' EXIT
host=adc-ui.kindrock-1234.eastus.azurecontainerapps.io
cd "$work"
git init -q -b main
git config user.name "Demo" && git config user.email demo@example.com
mkdir -p Source/Hosts/UI/App.UI/Platforms/iOS Source/Hosts/UI/App.UI/Platforms/Android Source/Hosts/UI/App.UI.Web Docs/Runbooks
cat > Source/Hosts/UI/App.UI/App.UI.csproj <<XML
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><UseMaui>true</UseMaui><TargetFrameworks>net9.0-android;net9.0-ios</TargetFrameworks></PropertyGroup>
  <ItemGroup><EmbeddedResource Include="appsettings.json" /></ItemGroup>
</Project>
XML
printf '{\n  "Api": { "BaseUrl": "https://%s/api" }\n}\n' "$host" > Source/Hosts/UI/App.UI/appsettings.json
printf '<plist><dict><key>com.apple.developer.associated-domains</key><array><string>applinks:%s</string></array></dict></plist>\n' "$host" > Source/Hosts/UI/App.UI/Platforms/iOS/Entitlements.plist
printf 'namespace App;\npublic static class Links\n{\n    public const string WebHost = "%s";\n}\n' "$host" > Source/Hosts/UI/App.UI/Platforms/Android/MainActivity.cs
printf '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n' > Source/Hosts/UI/App.UI.Web/App.UI.Web.csproj
printf '{\n  "AppAssociation": { "Host": "%s", "AndroidCertFingerprints": [ "REPLACE_WITH_PLAY_APP_SIGNING_SHA256_FINGERPRINT" ] }\n}\n' "$host" > Source/Hosts/UI/App.UI.Web/appsettings.json
printf '# Domain cutover\n\nVerify with `curl https://%s/.well-known/assetlinks.json`.\nStaging lives at staging.%s and is not ours to move.\n' "$host" "$host" > Docs/Runbooks/domain-cutover.md
printf 'app:\n  web_host: %s\n' "$host" > .relops.yml
git add -A && git commit -q -m "Sample app"
echo "Sample repository: $work"
echo "\$ relops scan"
"$relops" scan || true
