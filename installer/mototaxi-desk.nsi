; Mototáxi Desk installer (NSIS, filled in by pynsist from installer/build.py).
; Based on pynsist's pyapp.nsi, with: a 64-bit installer (amd64 stub: wine64 runs it, and
; Windows x64 needs no WOW64 redirection), Portuguese (Brazil) pages, per-user install by
; default (/CurrentUser, /AllUsers), desktop shortcut, refusal to install or uninstall over a
; running copy, a clean replacement of the program files on upgrade, a version resource,
; EstimatedSize, and Authenticode signing hooks (the !finalize lines below, from build.py).
; The program's data (%LOCALAPPDATA%\MototaxiDesk: database, keys, backups, logs) is never
; touched here: it survives uninstall and upgrade.
!define PRODUCT_NAME "[[ib.appname]]"
!define PRODUCT_VERSION "[[ib.version]]"
!define PY_VERSION "[[ib.py_version]]"
!define BITNESS "[[ib.py_bitness]]"
!define INSTALLER_NAME "[[ib.installer_name]]"
!define PRODUCT_ICON "[[icon]]"
!define INSTALL_FOLDER "@INSTALL_FOLDER@"
!define RUNNING_MUTEX "@RUNNING_MUTEX@"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\@INSTALL_FOLDER@"
!define USER_INSTALL_MARKER _user_install_marker

Target amd64-unicode
SetCompressor /SOLID lzma
Unicode true
ManifestDPIAware true

; Signing: makensis runs these on the finished installer and on the uninstaller before it
; is packed (installer/signing.py; empty when the build is unsigned, which it says loudly).
@SIGNING@

!define MULTIUSER_EXECUTIONLEVEL Highest
!define MULTIUSER_INSTALLMODE_DEFAULT_CURRENTUSER
!define MULTIUSER_MUI
!define MULTIUSER_INSTALLMODE_COMMANDLINE
!define MULTIUSER_USE_PROGRAMFILES64
!define MULTIUSER_INSTALLMODE_INSTDIR "${INSTALL_FOLDER}"
; an upgrade goes where the previous version went
!define MULTIUSER_INSTALLMODE_INSTDIR_REGISTRY_KEY "${UNINSTALL_KEY}"
!define MULTIUSER_INSTALLMODE_INSTDIR_REGISTRY_VALUENAME "InstallLocation"
!include MultiUser.nsh
!include FileFunc.nsh
!include LogicLib.nsh

!include "MUI2.nsh"
!define MUI_ABORTWARNING
!define MUI_ICON "[[icon]]"
!define MUI_UNICON "[[icon]]"
!insertmacro MUI_PAGE_WELCOME
!insertmacro MULTIUSER_PAGE_INSTALLMODE
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "PortugueseBR"

Name "${PRODUCT_NAME} ${PRODUCT_VERSION}"
OutFile "${INSTALLER_NAME}"

; Version resource (Properties › Details; SmartScreen and inventory tools read it)
VIProductVersion "@FILE_VERSION@"
VIFileVersion "@FILE_VERSION@"
VIAddVersionKey /LANG=${LANG_PORTUGUESEBR} "ProductName" "${PRODUCT_NAME}"
VIAddVersionKey /LANG=${LANG_PORTUGUESEBR} "CompanyName" "@PUBLISHER@"
VIAddVersionKey /LANG=${LANG_PORTUGUESEBR} "LegalCopyright" "@PUBLISHER@"
VIAddVersionKey /LANG=${LANG_PORTUGUESEBR} "FileDescription" "Instalador do ${PRODUCT_NAME}"
VIAddVersionKey /LANG=${LANG_PORTUGUESEBR} "FileVersion" "${PRODUCT_VERSION}"
VIAddVersionKey /LANG=${LANG_PORTUGUESEBR} "ProductVersion" "${PRODUCT_VERSION}"
ShowInstDetails show
ShowUninstDetails show

Var cmdLineInstallDir

; The program holds a named mutex while its window is open (mototaxi_desk/gui/app.py).
; Interactive: ask to close it and retry. Silent (/S): give up with exit code 3.
!macro REFUSE_WHILE_RUNNING
  ${Do}
    System::Call 'kernel32::OpenMutexW(i 0x00100000, i 0, w "${RUNNING_MUTEX}") p .r9'
    ${If} $9 P= 0
      ${Break}
    ${EndIf}
    System::Call 'kernel32::CloseHandle(p r9)'
    ${If} ${Silent}
      SetErrorLevel 3
      Quit
    ${EndIf}
    ${If} ${Cmd} `MessageBox MB_RETRYCANCEL|MB_ICONEXCLAMATION "O ${PRODUCT_NAME} está aberto neste computador.$\r$\nFeche o programa (salve o que estiver fazendo) e clique em Repetir.$\r$\nNenhum dado é perdido: o banco de dados fica na pasta de dados do usuário." IDCANCEL`
      SetErrorLevel 3
      Quit
    ${EndIf}
  ${Loop}
!macroend

Section "!${PRODUCT_NAME}" sec_app
  SetRegView [[ib.py_bitness]]
  SectionIn RO
  SetOutPath "$INSTDIR"
  SetOverwrite on

  ; An upgrade replaces the program files as a whole, so no module of the old version lingers.
  RMDir /r "$INSTDIR\pkgs"
  RMDir /r "$INSTDIR\Python"
  SetOutPath "$INSTDIR\pkgs"
  File /r "pkgs\*.*"
  SetOutPath "$INSTDIR"

  ; Marker file for a per-user install (the uninstaller reads it)
  StrCmp $MultiUser.InstallMode CurrentUser 0 +3
    FileOpen $0 "$INSTDIR\${USER_INSTALL_MARKER}" w
    FileClose $0
    SetFileAttributes "$INSTDIR\${USER_INSTALL_MARKER}" HIDDEN

  [% for destination, group in grouped_files %]
  SetOutPath "[[destination]]"
  [% for file in group %]
  File "[[ file ]]"
  [% endfor %]
  [% endfor %]
  [% for dir, destination in ib.install_dirs %]
  SetOutPath "[[ pjoin(destination, dir) ]]"
  File /r "[[dir]]\*.*"
  [% endfor %]

  ; Shortcuts: the output path becomes their working directory
  SetOutPath "%HOMEDRIVE%\%HOMEPATH%"
  [% for scname, sc in ib.shortcuts.items() %]
  CreateShortCut "$SMPROGRAMS\[[scname]].lnk" "[[sc['target'] ]]" \
    '[[ sc['parameters'] ]]' "$INSTDIR\[[ sc['icon'] ]]"
  CreateShortCut "$DESKTOP\[[scname]].lnk" "[[sc['target'] ]]" \
    '[[ sc['parameters'] ]]' "$INSTDIR\[[ sc['icon'] ]]"
  [% endfor %]
  SetOutPath "$INSTDIR"

  [% if has_commands %]
  DetailPrint "Registrando o comando mototaxi-desk no PATH..."
  StrCmp $MultiUser.InstallMode CurrentUser 0 AddSysPathSystem
    nsExec::ExecToLog '[[ python ]] -Es "$INSTDIR\_system_path.py" add_user "$INSTDIR\bin"'
    GoTo AddedSysPath
  AddSysPathSystem:
    nsExec::ExecToLog '[[ python ]] -Es "$INSTDIR\_system_path.py" add "$INSTDIR\bin"'
  AddedSysPath:
  [% endif %]

  DetailPrint "Compilando os módulos Python..."
  nsExec::ExecToLog '[[ python ]] -m compileall -q "$INSTDIR\pkgs"'
  WriteUninstaller $INSTDIR\uninstall.exe
  ; Add/Remove Programs shows the size from this (KB), compiled modules included
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  WriteRegDWORD SHCTX "${UNINSTALL_KEY}" "EstimatedSize" "$0"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "DisplayName" "${PRODUCT_NAME}"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\${PRODUCT_ICON}"
  [% if ib.publisher is not none %]
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "Publisher" "[[ib.publisher]]"
  [% endif %]
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "DisplayVersion" "${PRODUCT_VERSION}"
  WriteRegDWORD SHCTX "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD SHCTX "${UNINSTALL_KEY}" "NoRepair" 1
SectionEnd

Section "Uninstall"
  SetRegView [[ib.py_bitness]]
  SetShellVarContext all
  IfFileExists "$INSTDIR\${USER_INSTALL_MARKER}" 0 +3
    SetShellVarContext current
    Delete "$INSTDIR\${USER_INSTALL_MARKER}"

  [% if has_commands %]
  nsExec::ExecToLog '[[ python ]] -Es "$INSTDIR\_system_path.py" remove "$INSTDIR\bin"'
  [% endif %]
  Delete $INSTDIR\uninstall.exe
  RMDir /r "$INSTDIR\pkgs"
  [% for file, destination in ib.install_files %]
  Delete "[[pjoin(destination, file)]]"
  [% endfor %]
  [% for dir, destination in ib.install_dirs %]
  RMDir /r "[[pjoin(destination, dir)]]"
  [% endfor %]
  [% for scname in ib.shortcuts %]
  Delete "$SMPROGRAMS\[[scname]].lnk"
  Delete "$DESKTOP\[[scname]].lnk"
  [% endfor %]
  ; only the program folder: the data folder (%LOCALAPPDATA%\MototaxiDesk) stays
  RMDir $INSTDIR
  DeleteRegKey SHCTX "${UNINSTALL_KEY}"
SectionEnd

Function .onInit
  ; MultiUser.nsh breaks /D; /INSTDIR=... chooses the folder instead
  ${GetParameters} $0
  ClearErrors
  ${GetOptions} '$0' "/INSTDIR=" $1
  IfErrors +2
    StrCpy $cmdLineInstallDir $1
  ClearErrors
  !insertmacro MULTIUSER_INIT
  StrCmp $cmdLineInstallDir "" +2
    StrCpy $INSTDIR $cmdLineInstallDir
  !insertmacro REFUSE_WHILE_RUNNING
FunctionEnd

Function un.onInit
  !insertmacro MULTIUSER_UNINIT
  !insertmacro REFUSE_WHILE_RUNNING
FunctionEnd
