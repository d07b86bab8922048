/// A `project.pbxproj` of a bare React Native app with two application targets, the App Store
/// one and a development one, that both compile `main.m`, run "Bundle React Native code and
/// images" and sign the same entitlements (issue 40, case 1): each is a product that carries them.
public let twoAppTargetsPBXProj = """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tobjectVersion = 54;
    \tobjects = {
    \t\t13B07F961A680F5B00A75B9A /* main.m in Sources */ = {isa = PBXBuildFile; fileRef = 13B07FB71A68108700A75B9A /* main.m */; };
    \t\t13B07F971A680F5B00A75B9B /* main.m in Sources */ = {isa = PBXBuildFile; fileRef = 13B07FB71A68108700A75B9A /* main.m */; };
    \t\t13B07FB71A68108700A75B9A /* main.m */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.c.objc; name = main.m; path = Shop/main.m; sourceTree = "<group>"; };
    \t\t13B07FB51A68108700A75B9A /* Shop.entitlements */ = {isa = PBXFileReference; lastKnownFileType = text.plist.entitlements; name = Shop.entitlements; path = Shop/Shop.entitlements; sourceTree = "<group>"; };
    \t\t83CBB9F61A601CBA00E9B192 = {
    \t\t\tisa = PBXGroup;
    \t\t\tchildren = (
    \t\t\t\t13B07FB71A68108700A75B9A /* main.m */,
    \t\t\t\t13B07FB51A68108700A75B9A /* Shop.entitlements */,
    \t\t\t);
    \t\t\tsourceTree = "<group>";
    \t\t};
    \t\t13B07F871A680F5B00A75B9A /* Sources */ = {
    \t\t\tisa = PBXSourcesBuildPhase;
    \t\t\tbuildActionMask = 2147483647;
    \t\t\tfiles = (
    \t\t\t\t13B07F961A680F5B00A75B9A /* main.m in Sources */,
    \t\t\t);
    \t\t\trunOnlyForDeploymentPostprocessing = 0;
    \t\t};
    \t\t13B07F881A680F5B00A75B9B /* Sources */ = {
    \t\t\tisa = PBXSourcesBuildPhase;
    \t\t\tbuildActionMask = 2147483647;
    \t\t\tfiles = (
    \t\t\t\t13B07F971A680F5B00A75B9B /* main.m in Sources */,
    \t\t\t);
    \t\t\trunOnlyForDeploymentPostprocessing = 0;
    \t\t};
    \t\t00DD1BFF1BD5951E006B06BC /* Bundle React Native code and images */ = {
    \t\t\tisa = PBXShellScriptBuildPhase;
    \t\t\tbuildActionMask = 2147483647;
    \t\t\tfiles = (
    \t\t\t);
    \t\t\tname = "Bundle React Native code and images";
    \t\t\trunOnlyForDeploymentPostprocessing = 0;
    \t\t\tshellPath = /bin/sh;
    \t\t\tshellScript = "set -e\\n\\nWITH_ENVIRONMENT=\\"../node_modules/react-native/scripts/xcode/with-environment.sh\\"\\nREACT_NATIVE_XCODE=\\"../node_modules/react-native/scripts/react-native-xcode.sh\\"\\n\\n/bin/sh -c \\"$WITH_ENVIRONMENT $REACT_NATIVE_XCODE\\"\\n";
    \t\t};
    \t\t00DD1BFF1BD5951E006B06BD /* Bundle React Native code and images */ = {
    \t\t\tisa = PBXShellScriptBuildPhase;
    \t\t\tbuildActionMask = 2147483647;
    \t\t\tfiles = (
    \t\t\t);
    \t\t\tname = "Bundle React Native code and images";
    \t\t\trunOnlyForDeploymentPostprocessing = 0;
    \t\t\tshellPath = /bin/sh;
    \t\t\tshellScript = "set -e\\n\\nWITH_ENVIRONMENT=\\"../node_modules/react-native/scripts/xcode/with-environment.sh\\"\\nREACT_NATIVE_XCODE=\\"../node_modules/react-native/scripts/react-native-xcode.sh\\"\\n\\n/bin/sh -c \\"$WITH_ENVIRONMENT $REACT_NATIVE_XCODE\\"\\n";
    \t\t};
    \t\t13B07F861A680F5B00A75B9A /* Shop */ = {
    \t\t\tisa = PBXNativeTarget;
    \t\t\tbuildConfigurationList = 13B07F931A680F5B00A75B9A /* Build configuration list for PBXNativeTarget "Shop" */;
    \t\t\tbuildPhases = (
    \t\t\t\t13B07F871A680F5B00A75B9A /* Sources */,
    \t\t\t\t00DD1BFF1BD5951E006B06BC /* Bundle React Native code and images */,
    \t\t\t);
    \t\t\tbuildRules = (
    \t\t\t);
    \t\t\tdependencies = (
    \t\t\t);
    \t\t\tname = Shop;
    \t\t\tproductName = Shop;
    \t\t\tproductReference = 13B07F961A680F5B00A75B9C /* Shop.app */;
    \t\t\tproductType = "com.apple.product-type.application";
    \t\t};
    \t\t13B07F861A680F5B00A75B9B /* ShopDev */ = {
    \t\t\tisa = PBXNativeTarget;
    \t\t\tbuildConfigurationList = 13B07F931A680F5B00A75B9B /* Build configuration list for PBXNativeTarget "ShopDev" */;
    \t\t\tbuildPhases = (
    \t\t\t\t13B07F881A680F5B00A75B9B /* Sources */,
    \t\t\t\t00DD1BFF1BD5951E006B06BD /* Bundle React Native code and images */,
    \t\t\t);
    \t\t\tbuildRules = (
    \t\t\t);
    \t\t\tdependencies = (
    \t\t\t);
    \t\t\tname = ShopDev;
    \t\t\tproductName = ShopDev;
    \t\t\tproductReference = 13B07F961A680F5B00A75B9D /* ShopDev.app */;
    \t\t\tproductType = "com.apple.product-type.application";
    \t\t};
    \t\t13B07F941A680F5B00A75B9A /* Release */ = {
    \t\t\tisa = XCBuildConfiguration;
    \t\t\tbuildSettings = {
    \t\t\t\tCODE_SIGN_ENTITLEMENTS = Shop/Shop.entitlements;
    \t\t\t\tINFOPLIST_FILE = Shop/Info.plist;
    \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.shop;
    \t\t\t\tPRODUCT_NAME = Shop;
    \t\t\t};
    \t\t\tname = Release;
    \t\t};
    \t\t13B07F941A680F5B00A75B9B /* Release */ = {
    \t\t\tisa = XCBuildConfiguration;
    \t\t\tbuildSettings = {
    \t\t\t\tCODE_SIGN_ENTITLEMENTS = Shop/Shop.entitlements;
    \t\t\t\tINFOPLIST_FILE = Shop/Info.plist;
    \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.shop.dev;
    \t\t\t\tPRODUCT_NAME = ShopDev;
    \t\t\t};
    \t\t\tname = Release;
    \t\t};
    \t\t13B07F931A680F5B00A75B9A /* Build configuration list for PBXNativeTarget "Shop" */ = {
    \t\t\tisa = XCConfigurationList;
    \t\t\tbuildConfigurations = (
    \t\t\t\t13B07F941A680F5B00A75B9A /* Release */,
    \t\t\t);
    \t\t\tdefaultConfigurationIsVisible = 0;
    \t\t\tdefaultConfigurationName = Release;
    \t\t};
    \t\t13B07F931A680F5B00A75B9B /* Build configuration list for PBXNativeTarget "ShopDev" */ = {
    \t\t\tisa = XCConfigurationList;
    \t\t\tbuildConfigurations = (
    \t\t\t\t13B07F941A680F5B00A75B9B /* Release */,
    \t\t\t);
    \t\t\tdefaultConfigurationIsVisible = 0;
    \t\t\tdefaultConfigurationName = Release;
    \t\t};
    \t};
    \trootObject = 83CBB9F71A601CBA00E9B193 /* Project object */;
    }
    """
