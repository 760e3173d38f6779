<?php
/**
 * Test site only (serve.sh copies it into mu-plugins). Lets WordPress's safe HTTP calls reach the test
 * store on 127.0.0.1 and its port: `wp_safe_remote_*` and `download_url()` refuse loopback addresses and
 * ports other than 80, 443 and 8080, which is right in production, where the store is a public host.
 * Points the example plugin at the test store and its public key.
 */
defined( 'ABSPATH' ) || exit;

add_filter(
	'http_request_host_is_external',
	function ( $external, $host ) {
		return $external || wp_parse_url( VENDOR_TEST_STORE_URL, PHP_URL_HOST ) === $host;
	},
	10,
	2
);

add_filter(
	'http_allowed_safe_ports',
	function ( $ports ) {
		$ports[] = (int) wp_parse_url( VENDOR_TEST_STORE_URL, PHP_URL_PORT );
		return $ports;
	}
);

add_filter(
	'example_plugin_licence_client_args',
	function ( $args ) {
		$args['store']      = VENDOR_TEST_STORE_URL;
		$args['public_key'] = VENDOR_TEST_PUBLIC_KEY;
		return $args;
	}
);
