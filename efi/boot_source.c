/* How the app was loaded: from a volume with a file system (a stick, the
 * ESP), or over the network (PXE: the loaded image's device is the NIC's
 * IPv4 child, carrying the PXE base code with the DHCP packets). */
#include "net/netboot.h"
#include "util/fmt.h"
#include "util/out.h"
#include "results/upload_name.h"

static struct boot_source found;

const struct boot_source *boot_source(void)
{
	return &found;
}

void net_ip_text(char *out, UINTN cap, const UINT8 ip[4])
{
	fmt(out, cap, "%u.%u.%u.%u", ip[0], ip[1], ip[2], ip[3]);
}

int net_mac_of(EFI_HANDLE h, UINT8 *mac, int *mac_len)
{
	EFI_DEVICE_PATH *dp = DevicePathFromHandle(h);
	EFI_SIMPLE_NETWORK *snp = 0;
	EFI_HANDLE nic = 0;

	if (!dp || BS->LocateDevicePath(&SimpleNetworkProtocol, &dp, &nic) !=
	    EFI_SUCCESS || !nic ||
	    BS->HandleProtocol(nic, &SimpleNetworkProtocol, (void **)&snp) !=
	    EFI_SUCCESS || !snp || !snp->Mode)
		return -1;
	*mac_len = (int)snp->Mode->HwAddressSize;
	if (*mac_len <= 0 || *mac_len > NET_MAC_MAX)
		return -1;
	CopyMem(mac, &snp->Mode->CurrentAddress, (UINTN)*mac_len);
	return 0;
}

int net_first_mac(UINT8 *mac, int *mac_len)
{
	EFI_HANDLE *handles = 0;
	UINTN n = 0;
	int st = -1;

	if (BS->LocateHandleBuffer(ByProtocol, &SimpleNetworkProtocol, 0, &n,
				   &handles) != EFI_SUCCESS)
		return -1;
	for (UINTN i = 0; i < n && st; i++)
		st = net_mac_of(handles[i], mac, mac_len);
	BS->FreePool(handles);
	return st;
}

/* A MAC node in the device path: loaded over a network even when the
 * firmware did it without the PXE base code (HTTP boot). */
static int path_has_mac(EFI_HANDLE h)
{
	EFI_DEVICE_PATH *dp = DevicePathFromHandle(h);

	for (; dp && !IsDevicePathEnd(dp); dp = NextDevicePathNode(dp))
		if (DevicePathType(dp) == MESSAGING_DEVICE_PATH &&
		    DevicePathSubType(dp) == MSG_MAC_ADDR_DP)
			return 1;
	return 0;
}

/* The URL in a device path's URI node (UEFI HTTP Boot puts the one it
 * loaded the app from there): 0, or -1 when there is none. */
static int path_uri(EFI_HANDLE h, char *out, UINTN cap)
{
	EFI_DEVICE_PATH *dp = DevicePathFromHandle(h);

	for (; dp && !IsDevicePathEnd(dp); dp = NextDevicePathNode(dp)) {
		UINTN n = DevicePathNodeLength(dp);

		if (DevicePathType(dp) != MESSAGING_DEVICE_PATH ||
		    DevicePathSubType(dp) != MSG_URI_DP || n <= 4 ||
		    n - 4 >= cap)
			continue;
		CopyMem(out, (UINT8 *)dp + 4, n - 4);
		out[n - 4] = 0;
		return 0;
	}
	return -1;
}

/* The address HTTP Boot got by DHCP: it records it in the loaded
 * image's IPv4 node (the firmware's default address stays unset). */
static void path_ipv4(EFI_HANDLE h, UINT8 station[4], UINT8 mask[4])
{
	EFI_DEVICE_PATH *dp = DevicePathFromHandle(h);

	for (; dp && !IsDevicePathEnd(dp); dp = NextDevicePathNode(dp)) {
		IPv4_DEVICE_PATH *ip = (IPv4_DEVICE_PATH *)dp;

		/* The node is 27 bytes, packed; the struct pads to 28. */
		if (DevicePathType(dp) != MESSAGING_DEVICE_PATH ||
		    DevicePathSubType(dp) != MSG_IPv4_DP ||
		    (UINTN)DevicePathNodeLength(dp) <
			    __builtin_offsetof(IPv4_DEVICE_PATH, SubnetMask) + 4)
			continue;
		CopyMem(station, &ip->LocalIpAddress, 4);
		CopyMem(mask, &ip->SubnetMask, 4);
	}
}

/* The boot server and file from the packet that named them: a PXE boot
 * server's reply, a proxy DHCP offer, else the DHCP ACK (the order PXE
 * clients apply them in). */
static int find_server(EFI_PXE_BASE_CODE *pxe, struct dhcp_boot *b)
{
	EFI_PXE_BASE_CODE_MODE *m = pxe->Mode;

	/* iPXE's PXE base code (the image chain-loaded by iPXE) fills its
	 * Mode, the DHCP packets of iPXE's own DHCP, only once started;
	 * the firmware's is started already after a PXE boot. */
	if (m && !m->Started && pxe->Start(pxe, FALSE) != EFI_SUCCESS)
		return -1;
	if (!m || !m->Started || m->UsingIpv6)
		return -1;
	if (m->PxeReplyReceived &&
	    dhcp_boot_parse(m->PxeReply.Raw, sizeof m->PxeReply.Raw, b) == 0)
		return 0;
	if (m->ProxyOfferReceived &&
	    dhcp_boot_parse(m->ProxyOffer.Raw, sizeof m->ProxyOffer.Raw, b) ==
	    0 && b->file[0])
		return 0;
	if (m->DhcpAckReceived &&
	    dhcp_boot_parse(m->DhcpAck.Raw, sizeof m->DhcpAck.Raw, b) == 0)
		return 0;
	return -1;
}

void boot_source_find(EFI_HANDLE image, struct run_results *res)
{
	EFI_LOADED_IMAGE *li = 0;
	void *fs = 0;
	EFI_HANDLE dev;
	char ip[16], mac[2 * NET_MAC_MAX + 1];

	if (BS->HandleProtocol(image, &LoadedImageProtocol, (void **)&li) !=
	    EFI_SUCCESS || !li || !li->DeviceHandle) {
		out("boot: the firmware does not say where the app came from\n");
		return;
	}
	dev = li->DeviceHandle;
	found.device = dev;
	/* A file system on a network device is not a disk: iPXE gives the
	 * image it chain-loads a read-only volume of its own downloads on
	 * its SNP handle, beside a PXE base code holding its DHCP. */
	if (!path_has_mac(dev) &&
	    BS->HandleProtocol(dev, &FileSystemProtocol, &fs) == EFI_SUCCESS &&
	    fs) {
		res->boot = "disk";
		out("boot: disk (a volume with a file system)\n");
		return;
	}
	if (BS->HandleProtocol(dev, &PxeBaseCodeProtocol,
			       (void **)&found.pxe) != EFI_SUCCESS)
		found.pxe = 0;
	if (!found.pxe && !path_has_mac(dev)) {
		out("boot: neither a file system nor a network device: no "
		    "results file, no upload\n");
		return;
	}
	found.network = 1;
	found.dev = dev;
	res->boot = "network";
	if (net_mac_of(dev, found.mac, &found.mac_len))
		found.mac_len = 0;
	upload_mac_text(mac, sizeof mac, found.mac, found.mac_len);
	if (found.pxe && find_server(found.pxe, &found.server) == 0) {
		found.have_server = 1;
		net_ip_text(ip, sizeof ip, found.server.server);
		out("boot: network, PXE from %s, boot file '%s', mac %s\n", ip,
		    found.server.file, mac[0] ? mac : "unknown");
		return;
	}
	if (path_uri(dev, found.url, sizeof found.url) == 0 &&
	    dhcp_boot_is_url(found.url)) {
		found.http_boot = 1;
		path_ipv4(dev, found.station, found.mask);
		out("boot: network, UEFI HTTP Boot from %s, mac %s\n",
		    found.url, mac[0] ? mac : "unknown");
		return;
	}
	msgs_add(&res->warnings, "booted over the network without a PXE "
		 "session the app can use (HTTP boot or IPv6?): no config "
		 "from the server, no TFTP upload; upload=http://... still "
		 "works where the firmware has TCP");
	out("boot: network, no PXE server known, mac %s\n",
	    mac[0] ? mac : "unknown");
}
