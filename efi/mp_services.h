/* EFI_MP_SERVICES_PROTOCOL, as the PI spec (vol 2, "MP Services
 * Protocol") defines it: gnu-efi 3.0.15 has no header for it. */
#ifndef BAREMEM_MP_SERVICES_H
#define BAREMEM_MP_SERVICES_H

#include <efi.h>

#define EFI_MP_SERVICES_PROTOCOL_GUID                                      \
	{ 0x3fdda605, 0xa76e, 0x4f46,                                      \
	  { 0xad, 0x29, 0x12, 0xf4, 0x53, 0x1b, 0x3d, 0x08 } }

#define PROCESSOR_AS_BSP_BIT 0x1
#define PROCESSOR_ENABLED_BIT 0x2
#define PROCESSOR_HEALTH_STATUS_BIT 0x4

typedef struct {
	UINT32 Package, Core, Thread;
} EFI_CPU_PHYSICAL_LOCATION;

typedef struct {
	UINT64 ProcessorId;	/* the APIC id */
	UINT32 StatusFlag;
	EFI_CPU_PHYSICAL_LOCATION Location;
	/* PI 1.7 appends the extended location (filled only when asked
	 * for): room for it, so no firmware can write past the struct. */
	UINT32 ExtendedInformation[6];
} EFI_PROCESSOR_INFORMATION;

typedef VOID(EFIAPI *EFI_AP_PROCEDURE)(VOID *ProcedureArgument);

typedef struct _EFI_MP_SERVICES_PROTOCOL EFI_MP_SERVICES_PROTOCOL;
struct _EFI_MP_SERVICES_PROTOCOL {
	EFI_STATUS(EFIAPI *GetNumberOfProcessors)
	(EFI_MP_SERVICES_PROTOCOL *This, UINTN *NumberOfProcessors,
	 UINTN *NumberOfEnabledProcessors);
	EFI_STATUS(EFIAPI *GetProcessorInfo)
	(EFI_MP_SERVICES_PROTOCOL *This, UINTN ProcessorNumber,
	 EFI_PROCESSOR_INFORMATION *ProcessorInfoBuffer);
	EFI_STATUS(EFIAPI *StartupAllAPs)
	(EFI_MP_SERVICES_PROTOCOL *This, EFI_AP_PROCEDURE Procedure,
	 BOOLEAN SingleThread, EFI_EVENT WaitEvent,
	 UINTN TimeoutInMicroSeconds, VOID *ProcedureArgument,
	 UINTN **FailedCpuList);
	EFI_STATUS(EFIAPI *StartupThisAP)
	(EFI_MP_SERVICES_PROTOCOL *This, EFI_AP_PROCEDURE Procedure,
	 UINTN ProcessorNumber, EFI_EVENT WaitEvent,
	 UINTN TimeoutInMicroseconds, VOID *ProcedureArgument,
	 BOOLEAN *Finished);
	EFI_STATUS(EFIAPI *SwitchBSP)
	(EFI_MP_SERVICES_PROTOCOL *This, UINTN ProcessorNumber,
	 BOOLEAN EnableOldBSP);
	EFI_STATUS(EFIAPI *EnableDisableAP)
	(EFI_MP_SERVICES_PROTOCOL *This, UINTN ProcessorNumber,
	 BOOLEAN EnableAP, UINT32 *HealthFlag);
	EFI_STATUS(EFIAPI *WhoAmI)
	(EFI_MP_SERVICES_PROTOCOL *This, UINTN *ProcessorNumber);
};

#endif
