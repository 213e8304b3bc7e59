/*
 * The load configuration and Control Flow Guard support of the stand-in C runtime (a test fixture of
 * hipdll-maven-plugin, not a product feature), as the MSVC runtime supplies them (its loadcfg.c and
 * guard_support.c): _load_config_used, which lld-link and link.exe point data directory 10 at, and the
 * __guard_check_icall_fptr / __guard_dispatch_icall_fptr that code compiled with -Xclang -cfguard
 * (clang-cl /guard:cf) calls through. The loader of a /guard:cf image replaces the two pointers with
 * its own checks; until then they point at no-op thunks. The guard table fields name the symbols the
 * linker defines (__guard_fids_table, __guard_flags, ...): lld-link fills them with /guard:cf and
 * leaves them 0 without it. Layout: PE/COFF specification, "Load Configuration Layout", 64-bit, as
 * Windows 10 SDK's IMAGE_LOAD_CONFIG_DIRECTORY64 (Size 0x140).
 */
__attribute__((naked)) static void guard_check_icall_nop(void) { __asm__("ret"); }
__attribute__((naked)) static void guard_dispatch_icall_nop(void) { __asm__("jmp *%rax"); }

void *__guard_check_icall_fptr = (void *)guard_check_icall_nop;
void *__guard_dispatch_icall_fptr = (void *)guard_dispatch_icall_nop;

__asm__(
    "  .section .rdata,\"dr\"\n"
    "  .globl _load_config_used\n"
    "  .p2align 3\n"
    "_load_config_used:\n"
    "  .long 0x140\n"                          /* 0x00 Size */
    "  .zero 0x58 - 4\n"                       /* TimeDateStamp .. EditList */
    "  .quad 0\n"                              /* 0x58 SecurityCookie (-fno-stack-protector: none) */
    "  .quad 0, 0\n"                           /* 0x60 SEHandlerTable, SEHandlerCount */
    "  .quad __guard_check_icall_fptr\n"       /* 0x70 GuardCFCheckFunctionPointer */
    "  .quad __guard_dispatch_icall_fptr\n"    /* 0x78 GuardCFDispatchFunctionPointer */
    "  .quad __guard_fids_table\n"             /* 0x80 GuardCFFunctionTable */
    "  .quad __guard_fids_count\n"             /* 0x88 GuardCFFunctionCount */
    "  .long __guard_flags\n"                  /* 0x90 GuardFlags */
    "  .zero 12\n"                             /* 0x94 CodeIntegrity */
    "  .quad __guard_iat_table\n"              /* 0xA0 GuardAddressTakenIatEntryTable */
    "  .quad __guard_iat_count\n"              /* 0xA8 GuardAddressTakenIatEntryCount */
    "  .quad __guard_longjmp_table\n"          /* 0xB0 GuardLongJumpTargetTable */
    "  .quad __guard_longjmp_count\n"          /* 0xB8 GuardLongJumpTargetCount */
    "  .zero 0x108 - 0xC0\n"                   /* DynamicValueRelocTable .. VolatileMetadataPointer */
    "  .quad __guard_eh_cont_table\n"          /* 0x108 GuardEHContinuationTable */
    "  .quad __guard_eh_cont_count\n"          /* 0x110 GuardEHContinuationCount */
    "  .zero 0x140 - 0x118\n"                  /* GuardXFG* .. GuardMemcpyFunctionPointer */
);
