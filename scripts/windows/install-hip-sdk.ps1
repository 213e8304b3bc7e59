<#
.SYNOPSIS
Installs AMD's HIP SDK for Windows silently, as llama.cpp's release workflow (windows-hip job) does.

.DESCRIPTION
Downloads AMD-Software-PRO-Edition-<Version>-Win11-For-HIP.exe from AMD's download site and runs it
with its silent flag `-install`. The installer is killed, and the script fails, when it has not
finished after -TimeoutMinutes; a non-zero exit code fails too. The SDK lands in
C:\Program Files\AMD\ROCm\<major.minor>\ (find it with find-hip-sdk.ps1).
Source of the URL, the flag and the 10-minute timeout: ggml-org/llama.cpp .github/workflows/release.yml,
job windows-hip (HIPSDK_INSTALLER_VERSION "26.Q1"); ollama/ollama .github/workflows/release.yaml runs
the same installer family with `-install`.

.PARAMETER Version
The installer version, e.g. 26.Q1 (the workflow's HIPSDK_INSTALLER_VERSION, its one pin).

.PARAMETER TimeoutMinutes
How long the installer may run, in minutes (default 10).
#>
param(
    [Parameter(Mandatory = $true)][string]$Version,
    [int]$TimeoutMinutes = 10
)
$ErrorActionPreference = 'Stop'
if ($Version -notmatch '^[0-9]{2}\.Q[1-4]$') { throw "install-hip-sdk: -Version '$Version' is not of the form 26.Q1" }
$url = "https://download.amd.com/developer/eula/rocm-hub/AMD-Software-PRO-Edition-$Version-Win11-For-HIP.exe"
$temp = if ($env:RUNNER_TEMP) { $env:RUNNER_TEMP } else { [IO.Path]::GetTempPath() }
$installer = Join-Path $temp 'hip-sdk-install.exe'
Write-Host "Downloading $url"
Invoke-WebRequest -Uri $url -OutFile $installer
Write-Host "Installing the HIP SDK ($Version): $installer -install (timeout $TimeoutMinutes min)"
$proc = Start-Process -FilePath $installer -ArgumentList '-install' -NoNewWindow -PassThru
$null = $proc.Handle   # keeps the handle, so ExitCode is readable after the wait
if (-not $proc.WaitForExit($TimeoutMinutes * 60 * 1000)) {
    $proc.Kill($true)
    throw "install-hip-sdk: the installer did not finish within $TimeoutMinutes minutes; killed it and its children"
}
if ($proc.ExitCode -ne 0) { throw "install-hip-sdk: the installer exited with code $($proc.ExitCode)" }
Write-Host "HIP SDK $Version installed"
