<#
.SYNOPSIS
Finds the installed HIP SDK and hands it to the next steps as HIP_SDK_ROOT.

.DESCRIPTION
Looks for <Root>\*\bin\clang.exe (the installed HIP SDK's layout; llama.cpp's windows-hip job uses
the same glob, 'C:\Program Files\AMD\ROCm\*\bin\clang.exe'), else <Root>\*\lib\llvm\bin\clang.exe
(TheRock's layout). With several versions the highest directory name (as a version) wins. Prints
clang's --version, the SDK's amdhip64_*.dll, and appends HIP_SDK_ROOT=<sdk> to $env:GITHUB_ENV
(when set). The plugin itself resolves the components from HIP_SDK_ROOT (hipdll:doctor shows them).
Fails naming the glob when nothing is found.

.PARAMETER Root
Where the installer puts SDKs (default C:\Program Files\AMD\ROCm).
#>
param([string]$Root = 'C:\Program Files\AMD\ROCm')
$ErrorActionPreference = 'Stop'
$globs = @((Join-Path $Root '*\bin\clang.exe'), (Join-Path $Root '*\lib\llvm\bin\clang.exe'))
$clang = $null
foreach ($glob in $globs) {
    $clang = Get-ChildItem -Path $glob -ErrorAction SilentlyContinue |
        Sort-Object { [version]($_.FullName.Substring($Root.Length).TrimStart('\').Split('\')[0] -replace '[^0-9.]', '') } |
        Select-Object -Last 1
    if ($clang) { break }
}
if (-not $clang) { throw "find-hip-sdk: no HIP SDK: nothing matches $($globs -join ' or ')" }
$sdk = Join-Path $Root ($clang.FullName.Substring($Root.Length).TrimStart('\').Split('\')[0])
& $clang.FullName --version
if ($LASTEXITCODE -ne 0) { throw "find-hip-sdk: $($clang.FullName) --version exited with $LASTEXITCODE" }
Get-ChildItem -Path (Join-Path $sdk 'bin\amdhip64_*.dll') | ForEach-Object { Write-Host "runtime: $($_.FullName) $($_.VersionInfo.FileVersion)" }
Write-Host "HIP_SDK_ROOT=$sdk"
if ($env:GITHUB_ENV) { "HIP_SDK_ROOT=$sdk" | Out-File -FilePath $env:GITHUB_ENV -Append -Encoding utf8 }
