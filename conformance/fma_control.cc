// Control for check_no_fma.cmake: compiled with -mfma -ffp-contract=fast,
// this must contain a fused multiply-add, or the scan proves nothing.
float RefmathFmaControl(float a, float b, float c) { return a * b + c; }
