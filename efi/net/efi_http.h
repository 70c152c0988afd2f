/* EFI_HTTP_PROTOCOL and its service binding (UEFI spec 2.7, section 29.6),
 * which gnu-efi 3.0.15 does not define: only what http_put.c uses. */
#ifndef BAREMEM_EFI_HTTP_H
#define BAREMEM_EFI_HTTP_H

#include <efi.h>

#define EFI_HTTP_SERVICE_BINDING_PROTOCOL_GUID \
	{ 0xbdc8e6af, 0xd9bc, 0x4379, \
	  { 0xa7, 0x2a, 0xe0, 0xc4, 0xe7, 0x5d, 0xae, 0x1c } }
#define EFI_HTTP_PROTOCOL_GUID \
	{ 0x7a59b29b, 0x910b, 0x4171, \
	  { 0x82, 0x42, 0xa8, 0x5a, 0x0d, 0xf2, 0x5b, 0x5b } }

/* Response's status when the server answered with an error (4xx, 5xx):
 * the status code is still filled in (UEFI 2.8, appendix D). */
#ifndef EFI_HTTP_ERROR
#define EFI_HTTP_ERROR EFIERR(35)
#endif

typedef enum { HttpVersion10, HttpVersion11, HttpVersionUnsupported }
	EFI_HTTP_VERSION;

typedef struct {
	BOOLEAN UseDefaultAddress;
	EFI_IPv4_ADDRESS LocalAddress;
	EFI_IPv4_ADDRESS LocalSubnet;
	UINT16 LocalPort;
} EFI_HTTPv4_ACCESS_POINT;

typedef struct {
	EFI_HTTP_VERSION HttpVersion;
	UINT32 TimeOutMillisec;
	BOOLEAN LocalAddressIsIPv6;
	union {
		EFI_HTTPv4_ACCESS_POINT *IPv4Node;
		void *IPv6Node;
	} AccessPoint;
} EFI_HTTP_CONFIG_DATA;

typedef enum {
	HttpMethodGet, HttpMethodPost, HttpMethodPatch, HttpMethodOptions,
	HttpMethodConnect, HttpMethodHead, HttpMethodPut, HttpMethodDelete,
	HttpMethodTrace, HttpMethodMax
} EFI_HTTP_METHOD;

/* EFI_HTTP_STATUS_CODE: an index, not the number; HTTP_STATUS_200_OK
 * through HTTP_STATUS_206_PARTIAL_CONTENT are 3..9, and codes the spec
 * does not list (507 among them) read 0, HTTP_STATUS_UNSUPPORTED_STATUS. */
typedef UINT32 EFI_HTTP_STATUS_CODE;
#define EFI_HTTP_STATUS_200_OK 3
#define EFI_HTTP_STATUS_206_PARTIAL 9

typedef struct {
	EFI_HTTP_METHOD Method;
	CHAR16 *Url;
} EFI_HTTP_REQUEST_DATA;

typedef struct {
	EFI_HTTP_STATUS_CODE StatusCode;
} EFI_HTTP_RESPONSE_DATA;

typedef struct {
	CHAR8 *FieldName;
	CHAR8 *FieldValue;
} EFI_HTTP_HEADER;

typedef struct {
	union {
		EFI_HTTP_REQUEST_DATA *Request;
		EFI_HTTP_RESPONSE_DATA *Response;
	} Data;
	UINTN HeaderCount;
	EFI_HTTP_HEADER *Headers;
	UINTN BodyLength;
	VOID *Body;
} EFI_HTTP_MESSAGE;

typedef struct {
	EFI_EVENT Event;
	EFI_STATUS Status;
	EFI_HTTP_MESSAGE *Message;
} EFI_HTTP_TOKEN;

struct _EFI_HTTP_PROTOCOL;
typedef struct _EFI_HTTP_PROTOCOL {
	EFI_STATUS (EFIAPI *GetModeData)(struct _EFI_HTTP_PROTOCOL *This,
					 EFI_HTTP_CONFIG_DATA *Data);
	EFI_STATUS (EFIAPI *Configure)(struct _EFI_HTTP_PROTOCOL *This,
				       EFI_HTTP_CONFIG_DATA *Data);
	EFI_STATUS (EFIAPI *Request)(struct _EFI_HTTP_PROTOCOL *This,
				     EFI_HTTP_TOKEN *Token);
	EFI_STATUS (EFIAPI *Cancel)(struct _EFI_HTTP_PROTOCOL *This,
				    EFI_HTTP_TOKEN *Token);
	EFI_STATUS (EFIAPI *Response)(struct _EFI_HTTP_PROTOCOL *This,
				      EFI_HTTP_TOKEN *Token);
	EFI_STATUS (EFIAPI *Poll)(struct _EFI_HTTP_PROTOCOL *This);
} EFI_HTTP_PROTOCOL;

#endif
