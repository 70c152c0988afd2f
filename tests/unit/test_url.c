/* upload=http://...: the URL taken apart, and every form the app cannot
 * use refused with a reason that names the fix. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "net/url.h"

static const char *parse(const char *s, struct http_url *u)
{
	memset(u, 0xaa, sizeof *u);
	return url_parse(s, strlen(s), u);
}

/* The refusal for s contains the words expect. */
static void refused(const char *s, const char *expect)
{
	struct http_url u;
	const char *why = parse(s, &u);

	if (!why)
		fail_msg("'%s' was accepted", s);
	if (!strstr(why, expect))
		fail_msg("'%s': '%s' does not say '%s'", s, why, expect);
}

static void full_url(void **state)
{
	struct http_url u;

	(void)state;
	assert_null(parse("http://10.77.0.1:8080/fleet/rack4/", &u));
	assert_memory_equal(u.ip, ((uint8_t[]){ 10, 77, 0, 1 }), 4);
	assert_int_equal(u.port, 8080);
	assert_string_equal(u.path, "/fleet/rack4/");
}

static void default_port_and_root_path(void **state)
{
	struct http_url u;

	(void)state;
	assert_null(parse("HTTP://192.168.1.255/", &u));
	assert_int_equal(u.port, 80);
	assert_string_equal(u.path, "/");
	assert_memory_equal(u.ip, ((uint8_t[]){ 192, 168, 1, 255 }), 4);
	assert_null(parse("http://1.2.3.4:65535/a/", &u));
	assert_int_equal(u.port, 65535);
	assert_null(parse("http://1.2.3.4:1/a/", &u));
	assert_int_equal(u.port, 1);
}

static void ports_out_of_range(void **state)
{
	(void)state;
	refused("http://1.2.3.4:0/a/", "1 to 65535");
	refused("http://1.2.3.4:65536/a/", "1 to 65535");
	refused("http://1.2.3.4:/a/", "1 to 65535");
	refused("http://1.2.3.4:123456/a/", "1 to 65535");
	refused("http://1.2.3.4:8x/a/", "path");
}

static void what_the_app_cannot_do(void **state)
{
	(void)state;
	refused("https://10.0.0.5/up/", "no TLS");
	refused("http://[fe80::1]/up/", "IPv6");
	refused("http://results.example.com/up/", "no DNS");
	refused("http://user@10.0.0.5/up/", "user names");
	refused("ftp://10.0.0.5/up/", "http://");
	refused("10.0.0.5/up/", "http://");
}

static void bad_hosts(void **state)
{
	(void)state;
	refused("http:///up/", "no host");
	refused("http://10.0.0/up/", "IPv4");
	refused("http://10.0.0.256/up/", "IPv4");
	refused("http://10.0.0.5.6/up/", "IPv4");
	refused("http://010.0.0.5/up/", "IPv4");
	refused("http://10..0.5/up/", "IPv4");
}

static void paths(void **state)
{
	char longer[300] = "http://1.2.3.4/";

	(void)state;
	refused("http://10.0.0.5", "path");
	refused("http://10.0.0.5:80", "path");
	refused("http://10.0.0.5/up", "end in /");
	refused("http://10.0.0.5/a b/", "blank");
	refused("http://10.0.0.5/a?x=1/", "?");
	refused("http://10.0.0.5/a#x/", "#");
	memset(longer + strlen(longer), 'a', 200);
	strcat(longer, "/");
	refused(longer, "too long");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(full_url),
		cmocka_unit_test(default_port_and_root_path),
		cmocka_unit_test(ports_out_of_range),
		cmocka_unit_test(what_the_app_cannot_do),
		cmocka_unit_test(bad_hosts),
		cmocka_unit_test(paths),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
