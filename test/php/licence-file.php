<?php
/**
 * The licence client's offline check (wordpress/licence-client/includes/class-vendor-licence-file.php)
 * on files signed here with a throwaway Ed25519 key, shaped as the store makes them: valid, tampered,
 * expired, stale, for another key, for another site, signed by another key. Prints one JSON object of
 * what check() said for each; test/wordpress/php.spec.ts compares it.
 */

define( 'ABSPATH', __DIR__ );
require dirname( __DIR__, 2 ) . '/wordpress/licence-client/includes/class-vendor-licence-file.php';

$pair    = sodium_crypto_sign_keypair();
$public  = base64_encode( sodium_crypto_sign_publickey( $pair ) );
$other   = sodium_crypto_sign_keypair();
$key     = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
$site    = 'shop.example.com/store';
$now     = strtotime( '2026-06-01T12:00:00Z' );
$iso     = function ( $time ) {
	return gmdate( 'Y-m-d\TH:i:s.000\Z', $time );
};

/** A licence file as the store sends it, signed with `$secret`. */
function licence_file( array $fields, $secret ) {
	$payload = json_encode( $fields );
	return json_encode(
		array(
			'payload'   => $payload,
			'signature' => base64_encode( sodium_crypto_sign_detached( $payload, sodium_crypto_sign_secretkey( $secret ) ) ),
			'key_id'    => 'test',
			'algorithm' => 'Ed25519',
		)
	);
}

$fields = array(
	'type'           => 'licence-file',
	'version'        => 1,
	'license_sha256' => hash( 'sha256', $key ),
	'item_id'        => 1677666,
	'item_name'      => 'Blocks Plugin',
	'site'           => $site,
	'status'         => 'valid',
	'expires_at'     => $iso( $now + 90 * 86400 ),
	'issued_at'      => $iso( $now - 86400 ),
	'valid_until'    => $iso( $now + 29 * 86400 ),
);
$valid    = licence_file( $fields, $pair );
$decoded  = json_decode( $valid, true );
$tampered = json_encode( array_merge( $decoded, array( 'payload' => str_replace( '"Blocks Plugin"', '"Agency Bundle"', $decoded['payload'] ) ) ) );

$cases = array(
	'valid'          => array( $valid, $key, $site ),
	'tampered'       => array( $tampered, $key, $site ),
	'expired'        => array( licence_file( array_merge( $fields, array( 'expires_at' => $iso( $now - 1 ) ) ), $pair ), $key, $site ),
	'lifetime'       => array( licence_file( array_merge( $fields, array( 'expires_at' => null ) ), $pair ), $key, $site ),
	'stale'          => array( licence_file( array_merge( $fields, array( 'valid_until' => $iso( $now - 1 ) ) ), $pair ), $key, $site ),
	'other_key'      => array( $valid, 'ffff' . substr( $key, 4 ), $site ),
	'other_site'     => array( $valid, $key, 'evil.example.com' ),
	'other_signer'   => array( licence_file( $fields, $other ), $key, $site ),
	'not_json'       => array( 'not json', $key, $site ),
);
$result = array();
foreach ( $cases as $name => $case ) {
	$check           = Vendor_Licence_File::check( $case[0], $public, $case[1], $case[2], $now );
	$result[ $name ] = array( $check['valid'], $check['reason'] );
}
$result['site_of'] = Vendor_Licence_File::site_of( 'https://www.shop.example.com/store/' );
echo json_encode( $result ), "\n";
