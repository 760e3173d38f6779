<?php
/**
 * Offline check of a signed licence file (docs/licensing.md): the Ed25519 signature over the payload as
 * received, the key it was made for (SHA-256), the site, and its dates. No WordPress needed, so the PHP
 * test runs it on its own.
 *
 * @package VendorLicenceClient
 */

defined( 'ABSPATH' ) || exit;

/** Verifies licence files and signed answers. */
class Vendor_Licence_File {

	/**
	 * Whether `$body` carries a valid signature by the store's key.
	 *
	 * @param string $body       The bytes exactly as received.
	 * @param string $signature  Base64 signature.
	 * @param string $public_key Base64 raw Ed25519 public key.
	 * @return bool
	 */
	public static function is_signed( $body, $signature, $public_key ) {
		$signature = base64_decode( (string) $signature, true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- a signature, not code.
		$key       = base64_decode( (string) $public_key, true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- a public key.
		if ( false === $signature || false === $key || SODIUM_CRYPTO_SIGN_BYTES !== strlen( $signature ) || SODIUM_CRYPTO_SIGN_PUBLICKEYBYTES !== strlen( $key ) ) {
			return false;
		}
		return sodium_crypto_sign_verify_detached( $signature, (string) $body, $key );
	}

	/**
	 * The site as licence files name it: host and path, no scheme, `www.` or trailing slash.
	 *
	 * @param string $url The site's home URL.
	 * @return string
	 */
	public static function site_of( $url ) {
		return preg_replace( '#^https?://(www\.)?#i', '', rtrim( (string) $url, '/' ) );
	}

	/**
	 * Checks a licence file offline.
	 *
	 * @param string $json        The file as the store sent it.
	 * @param string $public_key  Base64 raw Ed25519 public key shipped with the plugin.
	 * @param string $licence_key The key the site holds.
	 * @param string $site        The site (site_of()).
	 * @param int    $now         Unix time.
	 * @return array{valid: bool, reason: string, payload: array|null} reason: ok, malformed, signature,
	 *         other_key, other_site, stale (past valid_until) or expired (past the licence's expiry).
	 */
	public static function check( $json, $public_key, $licence_key, $site, $now ) {
		$file = json_decode( (string) $json, true );
		if ( ! is_array( $file ) || ! isset( $file['payload'], $file['signature'] ) || ! is_string( $file['payload'] ) ) {
			return self::result( 'malformed', null );
		}
		if ( ! self::is_signed( $file['payload'], $file['signature'], $public_key ) ) {
			return self::result( 'signature', null );
		}
		$payload = json_decode( $file['payload'], true );
		if ( ! is_array( $payload ) || ! isset( $payload['license_sha256'], $payload['site'], $payload['valid_until'] ) ) {
			return self::result( 'malformed', null );
		}
		if ( ! hash_equals( (string) $payload['license_sha256'], hash( 'sha256', (string) $licence_key ) ) ) {
			return self::result( 'other_key', $payload );
		}
		if ( $payload['site'] !== $site ) {
			return self::result( 'other_site', $payload );
		}
		if ( strtotime( $payload['valid_until'] ) <= $now ) {
			return self::result( 'stale', $payload );
		}
		if ( ! empty( $payload['expires_at'] ) && strtotime( $payload['expires_at'] ) <= $now ) {
			return self::result( 'expired', $payload );
		}
		return array(
			'valid'   => true,
			'reason'  => 'ok',
			'payload' => $payload,
		);
	}

	/**
	 * A refusal.
	 *
	 * @param string     $reason  Why.
	 * @param array|null $payload The payload when it could be read.
	 * @return array
	 */
	private static function result( $reason, $payload ) {
		return array(
			'valid'   => false,
			'reason'  => $reason,
			'payload' => $payload,
		);
	}
}
