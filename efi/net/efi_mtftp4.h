/* EFI_MTFTP4_PROTOCOL and its service binding (UEFI spec 2.7, section
 * 30.3), which gnu-efi 3.0.15 does not define: only what tftp_put.c uses. */
#ifndef BAREMEM_EFI_MTFTP4_H
#define BAREMEM_EFI_MTFTP4_H

#include <efi.h>

#define EFI_MTFTP4_SERVICE_BINDING_PROTOCOL_GUID \
	{ 0x2fe800be, 0x8f01, 0x4aa6, \
	  { 0x94, 0x6b, 0xd7, 0x13, 0x88, 0xe1, 0x83, 0x3f } }
#define EFI_MTFTP4_PROTOCOL_GUID \
	{ 0x78247c57, 0x63db, 0x4708, \
	  { 0x99, 0xc2, 0xa8, 0xb4, 0xa9, 0xa6, 0x1f, 0x6b } }

#define EFI_MTFTP4_OPCODE_ERROR 5

typedef struct _EFI_MTFTP4_PROTOCOL EFI_MTFTP4_PROTOCOL;
typedef struct _EFI_MTFTP4_TOKEN EFI_MTFTP4_TOKEN;

#pragma pack(1)
typedef struct {
	UINT16 OpCode;
	UINT16 ErrorCode;
	UINT8 ErrorMessage[1];
} EFI_MTFTP4_ERROR_HEADER;

typedef union {
	UINT16 OpCode;
	EFI_MTFTP4_ERROR_HEADER Error;
} EFI_MTFTP4_PACKET;
#pragma pack()

typedef struct {
	UINT8 *OptionStr;
	UINT8 *ValueStr;
} EFI_MTFTP4_OPTION;

typedef struct {
	BOOLEAN UseDefaultSetting;
	EFI_IPv4_ADDRESS StationIp;
	EFI_IPv4_ADDRESS SubnetMask;
	UINT16 LocalPort;
	EFI_IPv4_ADDRESS GatewayIp;
	EFI_IPv4_ADDRESS ServerIp;
	UINT16 InitialServerPort;
	UINT16 TryCount;
	UINT16 TimeoutValue;
} EFI_MTFTP4_CONFIG_DATA;

typedef EFI_STATUS (EFIAPI *EFI_MTFTP4_CHECK_PACKET)(
	EFI_MTFTP4_PROTOCOL *This, EFI_MTFTP4_TOKEN *Token, UINT16 PacketLen,
	EFI_MTFTP4_PACKET *Packet);
typedef EFI_STATUS (EFIAPI *EFI_MTFTP4_TIMEOUT_CALLBACK)(
	EFI_MTFTP4_PROTOCOL *This, EFI_MTFTP4_TOKEN *Token);
typedef EFI_STATUS (EFIAPI *EFI_MTFTP4_PACKET_NEEDED)(
	EFI_MTFTP4_PROTOCOL *This, EFI_MTFTP4_TOKEN *Token, UINT16 *Length,
	VOID **Buffer);

struct _EFI_MTFTP4_TOKEN {
	EFI_STATUS Status;
	EFI_EVENT Event;
	void *OverrideData;
	UINT8 *Filename;
	UINT8 *ModeStr;
	UINT32 OptionCount;
	EFI_MTFTP4_OPTION *OptionList;
	UINT64 BufferSize;
	VOID *Buffer;
	VOID *Context;
	EFI_MTFTP4_CHECK_PACKET CheckPacket;
	EFI_MTFTP4_TIMEOUT_CALLBACK TimeoutCallback;
	EFI_MTFTP4_PACKET_NEEDED PacketNeeded;
};

struct _EFI_MTFTP4_PROTOCOL {
	void *GetModeData;
	EFI_STATUS (EFIAPI *Configure)(EFI_MTFTP4_PROTOCOL *This,
				       EFI_MTFTP4_CONFIG_DATA *Config);
	void *GetInfo;
	void *ParseOptions;
	void *ReadFile;
	EFI_STATUS (EFIAPI *WriteFile)(EFI_MTFTP4_PROTOCOL *This,
				       EFI_MTFTP4_TOKEN *Token);
	void *ReadDirectory;
	EFI_STATUS (EFIAPI *Poll)(EFI_MTFTP4_PROTOCOL *This);
};

#endif
