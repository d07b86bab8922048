#!/usr/bin/env python3
"""Builds the benchmark repository: deterministic, at least 20,000 tracked files and 150 MB,
mixed text and binary, laid out like a real mobile + server monorepo, with a few planted
occurrences of the needle. Usage:
    make-corpus.py DIR [--files N] [--plant HOST:COUNT]...

Layout (for the default 22,000 files):
- about one .csproj per 130 files (~170), each about 3 KB with ItemGroups of PackageReferences,
  ProjectReferences and EmbeddedResources: MAUI apps under src/Mobile, web services under
  src/Server, libraries under src/Libs, test projects under tests/;
- an Android Gradle build under android/ (settings.gradle, an app module and library modules
  that reference each other with project(':...'), AndroidManifest.xml, res/values);
- an Xcode project under ios/ (App.xcodeproj/project.pbxproj, Info.plist, entitlements);
- every 11th file binary (a NUL early, 8-48 KB), the rest code-like text of 40-300 lines.
The first planted occurrences land in a mobile app's appsettings.json, a service's
appsettings.json, an Android string resource, the iOS Info.plist and a service's source; any
further ones in source files spread over the tree.
"""
import os, random, sys

WORDS = ("public static class var let func return if else for while namespace using string int bool "
         "config service endpoint request response handler options value key token session speaker "
         "https http www api app host path route query json xml data item list map set get put post").split()
PACKAGES = ("Microsoft.Extensions.Http Microsoft.Extensions.Logging Polly Serilog Serilog.Sinks.Console "
            "Newtonsoft.Json FluentValidation AutoMapper MediatR Dapper Npgsql Azure.Identity "
            "Azure.Storage.Blobs Microsoft.Identity.Client CommunityToolkit.Mvvm Refit "
            "Microsoft.EntityFrameworkCore Swashbuckle.AspNetCore OpenTelemetry Grpc.Net.Client").split()


def code(rng, lines_min=40, lines_max=300):
    lines = []
    for _ in range(rng.randint(lines_min, lines_max)):
        lines.append("    " + " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 9))) + ";")
    return "\n".join(lines) + "\n"


def csproj(rng, kind, name, libs):
    sdk = {"server": "Microsoft.NET.Sdk.Web", "mobile": "Microsoft.NET.Sdk"}.get(kind, "Microsoft.NET.Sdk")
    props = ["    <TargetFramework>net9.0</TargetFramework>", "    <Nullable>enable</Nullable>",
             "    <ImplicitUsings>enable</ImplicitUsings>", f"    <RootNamespace>{name}</RootNamespace>",
             "    <TreatWarningsAsErrors>true</TreatWarningsAsErrors>"]
    if kind == "mobile":
        props = ["    <TargetFrameworks>net9.0-android;net9.0-ios;net9.0-maccatalyst</TargetFrameworks>",
                 "    <UseMaui>true</UseMaui>", "    <SingleProject>true</SingleProject>",
                 f"    <ApplicationId>com.example.{name.lower()}</ApplicationId>"] + props[1:]
    if kind == "test":
        props.append("    <IsTestProject>true</IsTestProject>")
    out = [f'<Project Sdk="{sdk}">', "", "  <PropertyGroup>"] + props + ["  </PropertyGroup>", ""]
    out += ["  <ItemGroup>"]
    for package in rng.sample(PACKAGES, rng.randint(8, 14)):
        out.append(f'    <PackageReference Include="{package}" Version="{rng.randint(1, 9)}.{rng.randint(0, 20)}.{rng.randint(0, 9)}" />')
    if kind == "test":
        out.append('    <PackageReference Include="Microsoft.NET.Test.Sdk" Version="17.12.0" />')
    out += ["  </ItemGroup>", "", "  <ItemGroup>"]
    for lib in rng.sample(libs, min(len(libs), rng.randint(2, 5))):
        out.append(f'    <ProjectReference Include="..\\..\\Libs\\{lib}\\{lib}.csproj" />')
    out += ["  </ItemGroup>", "", "  <ItemGroup>"]
    out.append('    <EmbeddedResource Include="appsettings.json" />')
    for k in range(rng.randint(2, 5)):
        out.append(f'    <EmbeddedResource Include="Resources\\Strings{k}.resx">\n'
                   f'      <Generator>ResXFileCodeGenerator</Generator>\n'
                   f'      <LastGenOutput>Strings{k}.Designer.cs</LastGenOutput>\n'
                   f'    </EmbeddedResource>')
    out += ["  </ItemGroup>", "", "  <ItemGroup>",
            '    <None Update="appsettings.Development.json" CopyToOutputDirectory="PreserveNewest" />',
            '    <Compile Remove="obj\\**" />', "  </ItemGroup>", "</Project>", ""]
    return "\n".join(out)


def settings_json(name):
    return ("{\n  \"Logging\": { \"LogLevel\": { \"Default\": \"Information\" } },\n"
            f"  \"Service\": {{ \"Name\": \"{name}\", \"BaseUrl\": \"https://api.internal.invalid/\" }}\n}}\n")


def pbxproj(rng, sources):
    out = ["// !$*UTF8*$!", "{", "\tarchiveVersion = 1;", "\tobjectVersion = 56;", "\tobjects = {"]
    for n, source in enumerate(sources):
        ident = f"{rng.getrandbits(96):024X}"
        out.append(f"\t\t{ident} /* {source} in Sources */ = {{isa = PBXBuildFile; fileRef = {n:024X} /* {source} */; }};")
        out.append(f"\t\t{n:024X} /* {source} */ = {{isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = {source}; sourceTree = \"<group>\"; }};")
    out += ["\t};", "\trootObject = 000000000000000000000001;", "}", ""]
    return "\n".join(out)


def layout(files):
    """The project folders and their fixed files: (files to write, code folders with extensions)."""
    projects = max(4, files // 130)
    mobile, tests = 4, max(1, projects // 6)
    libs_count = max(1, projects // 4)
    servers = max(1, projects - mobile - tests - libs_count)
    libs = [f"Lib{k:02d}" for k in range(libs_count)]
    return mobile, servers, libs, tests


def build(target, files, plants, rng):
    mobile, servers, libs, tests = layout(files)
    fixed = {}      # path -> text
    folders = []    # (folder, extension): where generated code files go
    specials = []   # first plant targets, in order
    for k in range(mobile):
        name = f"App.Mobile{k}"
        base = f"src/Mobile/{name}"
        fixed[f"{base}/{name}.csproj"] = csproj(rng, "mobile", name, libs)
        fixed[f"{base}/appsettings.json"] = settings_json(name)
        fixed[f"{base}/Platforms/iOS/Info.plist"] = "<plist>\n<dict>\n  <key>CFBundleName</key>\n  <string>App</string>\n</dict>\n</plist>\n"
        folders += [(f"{base}/ViewModels", ".cs"), (f"{base}/Platforms/Android", ".cs"), (f"{base}/Resources", ".resx")]
        if k == 0:
            specials.append(f"{base}/appsettings.json")
    for k in range(servers):
        name = f"Service{k:03d}"
        base = f"src/Server/{name}"
        fixed[f"{base}/{name}.csproj"] = csproj(rng, "server", name, libs)
        fixed[f"{base}/appsettings.json"] = settings_json(name)
        folders += [(f"{base}/Controllers", ".cs"), (f"{base}/Services", ".cs")]
        if k == 0:
            specials.append(f"{base}/appsettings.json")
    for lib in libs:
        # Only libraries after it: MSBuild refuses a reference cycle (MSB4006), so a real solution has none.
        fixed[f"src/Libs/{lib}/{lib}.csproj"] = csproj(rng, "library", lib, [l for l in libs if l > lib])
        folders.append((f"src/Libs/{lib}", ".cs"))
    for k in range(tests):
        name = f"Service{k:03d}.Tests"
        fixed[f"tests/{name}/{name}.csproj"] = csproj(rng, "test", name, libs)
        folders.append((f"tests/{name}", ".cs"))
    modules = ["app", "core", "data", "feature/login", "feature/sessions", "feature/speakers", "feature/settings"]
    fixed["android/settings.gradle"] = "".join(f"include ':{m.replace('/', ':')}'\n" for m in modules)
    fixed["android/build.gradle"] = "plugins {\n    id 'com.android.application' version '8.7.0' apply false\n}\n"
    for m in modules:
        plugin = "com.android.application" if m == "app" else ("java-library" if m == "core" else "com.android.library")
        deps = "".join(f"    implementation project(':{d.replace('/', ':')}')\n" for d in modules if d != m and (m == "app" or d == "core"))
        fixed[f"android/{m}/build.gradle"] = f"plugins {{\n    id '{plugin}'\n}}\n\ndependencies {{\n{deps}}}\n"
        if plugin != "java-library":
            fixed[f"android/{m}/src/main/AndroidManifest.xml"] = '<manifest xmlns:android="http://schemas.android.com/apk/res/android">\n</manifest>\n'
            fixed[f"android/{m}/src/main/res/values/strings.xml"] = '<resources>\n  <string name="app_name">App</string>\n</resources>\n'
        folders.append((f"android/{m}/src/main/java/com/example/{m.replace('/', '_')}", ".kt"))
    specials.append("android/app/src/main/res/values/strings.xml")
    fixed["ios/App/Info.plist"] = "<plist>\n<dict>\n  <key>CFBundleName</key>\n  <string>App</string>\n</dict>\n</plist>\n"
    fixed["ios/App/App.entitlements"] = "<plist>\n<dict>\n</dict>\n</plist>\n"
    specials.append("ios/App/Info.plist")
    folders.append(("ios/App/Sources", ".swift"))
    return fixed, folders, specials


def plant_into(path, text, host, k):
    if path.endswith(".json"):
        return text.replace("{\n", f"{{\n  \"WebHost{k}\": \"https://{host}/api/{k}\",\n", 1)
    if path.endswith(".xml"):
        return text.replace("</resources>", f"  <string name=\"web_host_{k}\">{host}</string>\n</resources>")
    if path.endswith(".plist"):
        return text.replace("</dict>", f"  <key>WebHost{k}</key>\n  <string>https://{host}/{k}</string>\n</dict>")
    return text + f'    const string Host = "https://{host}/api/{k}";\n'


def main():
    args = sys.argv[1:]
    target = args[0]
    files = 22000
    plants = []
    i = 1
    while i < len(args):
        if args[i] == "--files":
            files = int(args[i + 1]); i += 2
        elif args[i] == "--plant":
            host, count = args[i + 1].rsplit(":", 1); plants.append((host, int(count))); i += 2
        else:
            sys.exit(f"make-corpus.py: unknown argument {args[i]}")
    rng = random.Random(20261129)
    fixed, folders, specials = build(target, files, plants, rng)
    contents = dict(fixed)
    text_files = []
    swift_sources = []
    for n in range(max(0, files - len(fixed) - 1)):
        folder, ext = folders[n % len(folders)]
        if n % 11 == 0:
            contents[f"{folder}/asset{n}.bin"] = bytes([0x89, 0x50, 0x4E, 0x47, 0, 0, 0, 0]) + rng.randbytes(rng.randint(8, 48) * 1024)
        else:
            path = f"{folder}/File{n}{ext}"
            contents[path] = code(rng)
            text_files.append(path)
            if ext == ".swift":
                swift_sources.append(os.path.basename(path))
    contents["ios/App.xcodeproj/project.pbxproj"] = pbxproj(rng, swift_sources)
    specials.insert(4, next(p for p in text_files if p.startswith("src/Server/")))
    for host, count in plants:
        for k in range(count):
            path = specials[k] if k < len(specials) else text_files[(k * 7919) % len(text_files)]
            contents[path] = plant_into(path, contents[path], host, k)
    total = 0
    for path, data in contents.items():
        full = os.path.join(target, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        data = data.encode() if isinstance(data, str) else data
        with open(full, "wb") as f:
            f.write(data)
        total += len(data)
    projects = sum(1 for p in contents if p.endswith(".csproj"))
    print(f"{len(contents)} files, {total / 1e6:.0f} MB, {projects} .csproj files", file=sys.stderr)


main()
