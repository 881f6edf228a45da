// Reset handler and vector table for the bare-metal Cortex-M55 firmware
// (qemu mps3-an547).  No newlib startup code: the reset handler enables the
// FPU/MVE, puts the floating-point unit in the IEEE default mode, copies
// .data, clears .bss, runs the constructors, then calls main and exits
// through semihosting.
#include <stdint.h>

#include "semihost.h"

extern "C" {
extern uint32_t __data_load, __data_start, __data_end, __bss_start, __bss_end;
extern uint32_t __stack_top;
extern void (*__init_array_start[])(void);
extern void (*__init_array_end[])(void);
int main();
void Reset_Handler();
void Default_Handler();
}

namespace {

volatile uint32_t* const kCPACR = reinterpret_cast<volatile uint32_t*>(0xE000ED88);
volatile uint32_t* const kFPCCR = reinterpret_cast<volatile uint32_t*>(0xE000EF34);
volatile uint32_t* const kFPDSCR = reinterpret_cast<volatile uint32_t*>(0xE000EF3C);

}  // namespace

extern "C" __attribute__((noreturn, optimize("no-tree-vectorize"))) void Reset_Handler() {
  // CP10/CP11 full access: the FPU and MVE.  Must come before any
  // floating-point or vector instruction.
  *kCPACR |= 0xFu << 20;
  __asm__ volatile("dsb\n\tisb" ::: "memory");
  // FPDSCR is the FPSCR value an exception handler's (or, with automatic
  // state preservation, a new) floating-point context starts with; FPSCR the
  // current one.  Both to the IEEE default: round to nearest (RMode = 0),
  // no flush to zero (FZ = 0, FZ16 = 0), no default NaN (DN = 0), AHP = 0.
  // Read-modify-write: FPSCR also holds LTPSIZE (bits 16-18, the
  // low-overhead loop tail predication size, 4 outside a tail-predicated
  // loop); writing 0 there makes the next LE instruction fault (INVSTATE).
  const uint32_t kModeBits = (1u << 26) | (1u << 25) | (1u << 24) |
                             (3u << 22) | (1u << 19);  // AHP DN FZ RMode FZ16
  const uint32_t kFlagBits = 0xF000009Fu;  // NZCV, IDC and cumulative flags
  *kFPDSCR = *kFPDSCR & ~kModeBits;
  (void)kFPCCR;
  uint32_t fpscr;
  __asm__ volatile("vmrs %0, fpscr" : "=r"(fpscr));
  fpscr &= ~(kModeBits | kFlagBits);
#ifdef M55_TEST_FLUSH_TO_ZERO
  // Experiment only: run with FPSCR.FZ = 1 to show what flush-to-zero does
  // to the digests (main() then reports the non-default mode and goes on).
  fpscr |= 1u << 24;
#endif
  __asm__ volatile("vmsr fpscr, %0" ::"r"(fpscr) : "memory");
  __asm__ volatile("isb" ::: "memory");

  uint32_t* src = &__data_load;
  for (uint32_t* dst = &__data_start; dst < &__data_end;) *dst++ = *src++;
  for (uint32_t* dst = &__bss_start; dst < &__bss_end;) *dst++ = 0;
  for (void (**f)(void) = __init_array_start; f < __init_array_end; ++f) (*f)();

  const int rc = main();
  m55::SemihostExit(rc);
}

extern "C" void Default_Handler() {
  m55::SemihostWrite0("FAULT: unexpected exception\n");
  m55::SemihostExit(3);
}

extern "C" __attribute__((section(".vectors"), used))
const void* const g_vectors[16] = {
    &__stack_top,
    reinterpret_cast<const void*>(&Reset_Handler),
    reinterpret_cast<const void*>(&Default_Handler),  // NMI
    reinterpret_cast<const void*>(&Default_Handler),  // HardFault
    reinterpret_cast<const void*>(&Default_Handler),  // MemManage
    reinterpret_cast<const void*>(&Default_Handler),  // BusFault
    reinterpret_cast<const void*>(&Default_Handler),  // UsageFault
    reinterpret_cast<const void*>(&Default_Handler),  // SecureFault
    nullptr, nullptr, nullptr,
    reinterpret_cast<const void*>(&Default_Handler),  // SVCall
    reinterpret_cast<const void*>(&Default_Handler),  // DebugMonitor
    nullptr,
    reinterpret_cast<const void*>(&Default_Handler),  // PendSV
    reinterpret_cast<const void*>(&Default_Handler),  // SysTick
};
