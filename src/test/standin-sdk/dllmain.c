/* Default DllMain, used when the DLL does not define its own (like the MSVC runtime's). */
int __stdcall DllMain(void *module, unsigned long reason, void *reserved) {
    (void)module; (void)reason; (void)reserved;
    return 1;
}
