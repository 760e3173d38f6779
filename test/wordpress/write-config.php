<?php
/**
 * Prints the wp-config.php of the test site, from the environment serve.sh sets: the MariaDB socket and
 * password, the site's address, the test store and the public half of its signing key, fresh salts. WordPress may not call its own update servers (offline):
 * only loopback is reachable, where the reference server runs.
 */
$env = function ( $name ) {
	$value = getenv( $name );
	if ( false === $value || '' === $value ) {
		fwrite( STDERR, "write-config.php: $name is not set\n" );
		exit( 1 );
	}
	return $value;
};
$constants = array(
	'DB_NAME'                    => 'wordpress',
	'DB_USER'                    => 'wordpress',
	'DB_PASSWORD'                => $env( 'DB_PASSWORD' ),
	'DB_HOST'                    => 'localhost:' . $env( 'DB_SOCKET' ),
	'DB_CHARSET'                 => 'utf8mb4',
	'DB_COLLATE'                 => '',
	'WP_HOME'                    => $env( 'SITE_URL' ),
	'WP_SITEURL'                 => $env( 'SITE_URL' ),
	'WP_HTTP_BLOCK_EXTERNAL'     => true,
	'WP_ACCESSIBLE_HOSTS'        => '127.0.0.1,localhost',
	'FS_METHOD'                  => 'direct',
	'AUTOMATIC_UPDATER_DISABLED' => true,
	'WP_DEBUG'                   => true,
	'WP_DEBUG_DISPLAY'           => false,
	'WP_DEBUG_LOG'               => true,
	// The test store on loopback and its licence-signing public key, read by the mu-plugin
	// loopback-store.php (never by the plugins themselves).
	'VENDOR_TEST_STORE_URL'      => $env( 'STORE_URL' ),
	'VENDOR_TEST_PUBLIC_KEY'     => base64_encode( sodium_crypto_sign_publickey( sodium_crypto_sign_seed_keypair( hex2bin( $env( 'LICENSING_SIGNING_KEY' ) ) ) ) ),
);
foreach ( array( 'AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT', 'NONCE_SALT' ) as $salt ) {
	$constants[ $salt ] = bin2hex( random_bytes( 32 ) );
}
echo "<?php\n";
foreach ( $constants as $name => $value ) {
	echo 'define( ' . var_export( $name, true ) . ', ' . var_export( $value, true ) . " );\n";
}
echo "\$table_prefix = 'wp_';\n";
echo "if ( ! defined( 'ABSPATH' ) ) {\n\tdefine( 'ABSPATH', __DIR__ . '/' );\n}\n";
echo "require_once ABSPATH . 'wp-settings.php';\n";
