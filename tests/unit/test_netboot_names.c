/* Network boot's portable parts: the boot server and file out of a DHCP
 * packet, files beside the boot file, upload names from MAC and UTC
 * time, the PUT request head and the reply's status line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "net/dhcp_boot.h"
#include "net/http.h"
#include "net/retry.h"
#include "results/upload_name.h"

/* A DHCPv4 packet: siaddr, file field, then options as given. */
static size_t packet(uint8_t *p, const uint8_t siaddr[4], const char *file,
		     const uint8_t *opts, size_t opts_len)
{
	memset(p, 0, 1472);
	p[0] = 2;	/* BOOTREPLY */
	memcpy(p + 20, siaddr, 4);
	if (file)
		memcpy(p + 108, file, strlen(file));
	p[236] = 0x63, p[237] = 0x82, p[238] = 0x53, p[239] = 0x63;
	memcpy(p + 240, opts, opts_len);
	return 1472;
}

static void dhcp_siaddr_and_file_field(void **state)
{
	uint8_t p[1472], end[] = { 255 };
	struct dhcp_boot b;

	(void)state;
	packet(p, (uint8_t[]){ 10, 77, 0, 1 }, "pxe/baremem.efi", end, 1);
	assert_int_equal(dhcp_boot_parse(p, sizeof p, &b), 0);
	assert_memory_equal(b.server, ((uint8_t[]){ 10, 77, 0, 1 }), 4);
	assert_string_equal(b.file, "pxe/baremem.efi");
}

static void dhcp_options_win(void **state)
{
	/* Server id 54 when siaddr is 0; option 67 over the file field. */
	uint8_t p[1472], opts[] = { 0, 54, 4, 10, 0, 0, 9, 67, 6, 'b', 'm',
				    '.', 'e', 'f', 'i', 3, 8, 10, 0, 0, 254,
				    10, 0, 0, 253, 255 };
	struct dhcp_boot b;

	(void)state;
	packet(p, (uint8_t[]){ 0, 0, 0, 0 }, "old.efi", opts, sizeof opts);
	assert_int_equal(dhcp_boot_parse(p, sizeof p, &b), 0);
	assert_memory_equal(b.server, ((uint8_t[]){ 10, 0, 0, 9 }), 4);
	assert_string_equal(b.file, "bm.efi");
	assert_memory_equal(b.router, ((uint8_t[]){ 10, 0, 0, 254 }), 4);
}

static void dhcp_overloaded_file_field_is_not_a_name(void **state)
{
	uint8_t p[1472], opts[] = { 52, 1, 1, 255 };
	struct dhcp_boot b;

	(void)state;
	packet(p, (uint8_t[]){ 10, 0, 0, 1 }, "\x42\x03xyz", opts,
	       sizeof opts);
	assert_int_equal(dhcp_boot_parse(p, sizeof p, &b), 0);
	assert_string_equal(b.file, "");
}

static void dhcp_refuses_what_is_not_one(void **state)
{
	uint8_t p[1472], end[] = { 255 }, cut[] = { 67, 200, 'x' };
	struct dhcp_boot b;

	(void)state;
	packet(p, (uint8_t[]){ 0, 0, 0, 0 }, "a.efi", end, 1);
	assert_int_equal(dhcp_boot_parse(p, sizeof p, &b), -1); /* no server */
	packet(p, (uint8_t[]){ 10, 0, 0, 1 }, "a.efi", end, 1);
	p[239] = 0;	/* no magic cookie: BOOTP, not DHCP */
	assert_int_equal(dhcp_boot_parse(p, sizeof p, &b), -1);
	assert_int_equal(dhcp_boot_parse(p, 100, &b), -1);
	/* An option running past the packet: ignored, not read. */
	packet(p, (uint8_t[]){ 10, 0, 0, 1 }, "a.efi", cut, sizeof cut);
	assert_int_equal(dhcp_boot_parse(p, 243, &b), 0);
	assert_string_equal(b.file, "a.efi");
}

static void files_beside_the_boot_file(void **state)
{
	char out[64];

	(void)state;
	assert_int_equal(dhcp_boot_relative(out, sizeof out, "baremem.efi",
					    "baremem/baremem.cfg"), 0);
	assert_string_equal(out, "baremem/baremem.cfg");
	assert_int_equal(dhcp_boot_relative(out, sizeof out,
					    "x86/v2/baremem.efi", "baremem/a.cfg"), 0);
	assert_string_equal(out, "x86/v2/baremem/a.cfg");
	assert_int_equal(dhcp_boot_relative(out, 10, "x86/v2/baremem.efi",
					    "baremem/a.cfg"), -1);
}

/* iPXE's boot file is often a URL; its folder holds baremem/ too. */
static void boot_file_given_as_url(void **state)
{
	char out[64];

	(void)state;
	assert_int_equal(dhcp_boot_is_url("http://10.77.0.1/boot.ipxe"), 1);
	assert_int_equal(dhcp_boot_is_url("tftp://10.77.0.1/x.efi"), 1);
	assert_int_equal(dhcp_boot_is_url("baremem.efi"), 0);
	assert_int_equal(dhcp_boot_is_url("x86/v2/baremem.efi"), 0);
	assert_int_equal(dhcp_boot_is_url("pxe/a://b.efi"), 0);
	assert_int_equal(dhcp_boot_is_url("://x"), 0);
	assert_int_equal(dhcp_boot_is_url(""), 0);
	assert_int_equal(dhcp_boot_relative(out, sizeof out,
					    "http://10.77.0.1/boot.ipxe",
					    "baremem/baremem.cfg"), 0);
	assert_string_equal(out, "http://10.77.0.1/baremem/baremem.cfg");
}

static void upload_stem_in_utc(void **state)
{
	const uint8_t mac[6] = { 0x52, 0x54, 0x00, 0xAB, 0xcd, 0x0f };
	struct wall_time t = { 2026, 11, 24, 8, 5, 9, 0 };
	char out[64];

	(void)state;
	assert_int_equal(upload_stem(out, sizeof out, mac, 6, &t), 0);
	assert_string_equal(out, "525400abcd0f-20261124T080509Z");
	/* UTC+1 local time just after midnight on 1 January. */
	t = (struct wall_time){ 2027, 1, 1, 0, 30, 0, 60 };
	assert_int_equal(upload_stem(out, sizeof out, mac, 6, &t), 0);
	assert_string_equal(out, "525400abcd0f-20261231T233000Z");
	/* UTC-5 in the evening of 28 February of a leap year. */
	t = (struct wall_time){ 2028, 2, 28, 22, 0, 0, -300 };
	assert_int_equal(upload_stem(out, sizeof out, mac, 6, &t), 0);
	assert_string_equal(out, "525400abcd0f-20280229T030000Z");
}

static void upload_stem_refuses_nonsense(void **state)
{
	const uint8_t mac[6] = { 1, 2, 3, 4, 5, 6 };
	struct wall_time t = { 2026, 2, 29, 0, 0, 0, 0 };	/* not a leap year */
	char out[64];

	(void)state;
	assert_int_equal(upload_stem(out, sizeof out, mac, 6, &t), -1);
	/* The Gregorian rule: 2100 is no leap year, 2000 was. */
	t = (struct wall_time){ 2100, 2, 29, 0, 0, 0, 0 };
	assert_int_equal(upload_stem(out, sizeof out, mac, 6, &t), -1);
	t = (struct wall_time){ 2000, 2, 29, 0, 0, 0, 0 };
	assert_int_equal(upload_stem(out, sizeof out, mac, 6, &t), 0);
	t = (struct wall_time){ 0, 0, 0, 0, 0, 0, 0 };
	assert_int_equal(upload_stem(out, sizeof out, mac, 6, &t), -1);
	t = (struct wall_time){ 2026, 1, 1, 24, 0, 0, 0 };
	assert_int_equal(upload_stem(out, sizeof out, mac, 6, &t), -1);
	t = (struct wall_time){ 2026, 1, 1, 0, 0, 0, 0 };
	assert_int_equal(upload_stem(out, sizeof out, mac, 0, &t), -1);
	assert_int_equal(upload_stem(out, 20, mac, 6, &t), -1);
}

static void put_head(void **state)
{
	struct http_url u = { { 10, 77, 0, 1 }, 8080, "/up/" };
	char buf[512];
	size_t n;

	(void)state;
	n = http_put_head(buf, sizeof buf, &u, "m-1.json", 12345);
	assert_int_equal(n, strlen(buf));
	assert_non_null(strstr(buf, "PUT /up/m-1.json HTTP/1.1\r\n"));
	assert_non_null(strstr(buf, "\r\nHost: 10.77.0.1:8080\r\n"));
	assert_non_null(strstr(buf, "\r\nContent-Length: 12345\r\n"));
	assert_non_null(strstr(buf, "\r\nContent-Type: application/json\r\n"));
	assert_string_equal(buf + n - 4, "\r\n\r\n");
	u.port = 80;
	http_put_head(buf, sizeof buf, &u, "m-1.txt", 0);
	assert_non_null(strstr(buf, "\r\nHost: 10.77.0.1\r\n"));
	assert_non_null(strstr(buf, "Content-Type: text/plain"));
	assert_int_equal(http_put_head(buf, 40, &u, "m-1.txt", 0), 0);
}

static int status_of(const char *s)
{
	return http_status(s, strlen(s));
}

static void status_lines(void **state)
{
	(void)state;
	assert_int_equal(status_of("HTTP/1.1 201 Created\r\nX: y\r\n"), 201);
	assert_int_equal(status_of("HTTP/1.0 204 \r\n"), 204);
	assert_int_equal(status_of("HTTP/1.1 200\r\n"), 200);
	assert_int_equal(status_of("HTTP/1.1 507 Insufficient Storage\n"), 507);
	assert_int_equal(status_of("HTTP/1.1 403 Forbidden"), HTTP_STATUS_MORE);
	assert_int_equal(status_of("HTTP/1.1 2"), HTTP_STATUS_MORE);
	assert_int_equal(status_of(""), HTTP_STATUS_MORE);
	assert_int_equal(status_of("HTTP/2 200 OK\r\n"), HTTP_STATUS_BAD);
	assert_int_equal(status_of("SSH-2.0-OpenSSH\r\n"), HTTP_STATUS_BAD);
	assert_int_equal(status_of("HTTP/1.1 20x OK\r\n"), HTTP_STATUS_BAD);
	assert_int_equal(status_of("HTTP/1.1 2000 OK\r\n"), HTTP_STATUS_BAD);
	assert_int_equal(status_of("HTTP/1.1 099 Low\r\n"), HTTP_STATUS_BAD);
}

static void retries_are_bounded(void **state)
{
	const struct retry_policy p = { 3, 60000, 2000 };

	(void)state;
	assert_true(retry_may_start(&p, 0, 0, 0));
	assert_true(retry_may_start(&p, 1, 100, 100));
	assert_true(retry_may_start(&p, 2, 30000, 24000));
	assert_false(retry_may_start(&p, 3, 300, 100));	/* attempts */
	/* 24 s attempts: after two (50 s) a third would end at 76 s. */
	assert_false(retry_may_start(&p, 2, 50000, 24000));
	assert_true(retry_may_start(&p, 1, 24000, 24000));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(dhcp_siaddr_and_file_field),
		cmocka_unit_test(dhcp_options_win),
		cmocka_unit_test(dhcp_overloaded_file_field_is_not_a_name),
		cmocka_unit_test(dhcp_refuses_what_is_not_one),
		cmocka_unit_test(files_beside_the_boot_file),
		cmocka_unit_test(boot_file_given_as_url),
		cmocka_unit_test(upload_stem_in_utc),
		cmocka_unit_test(upload_stem_refuses_nonsense),
		cmocka_unit_test(put_head),
		cmocka_unit_test(status_lines),
		cmocka_unit_test(retries_are_bounded),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
