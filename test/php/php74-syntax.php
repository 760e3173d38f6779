<?php
/**
 * The PHP the plugins ship must run on PHP 7.4 while this machine has 8.2, whose `php -l` accepts PHP 8
 * syntax. Reads every file given and reports the PHP 8 tokens and functions it finds, one per line
 * (file:line: what); prints nothing when the files are PHP 7.4. Run by test/wordpress/php.spec.ts.
 */

$php8_tokens    = array( 'T_MATCH', 'T_NULLSAFE_OBJECT_OPERATOR', 'T_ATTRIBUTE', 'T_ENUM', 'T_READONLY' );
$php8_functions = array( 'str_contains', 'str_starts_with', 'str_ends_with', 'get_debug_type', 'array_is_list', 'fdiv', 'get_resource_id' );
$kinds          = array();
foreach ( $php8_tokens as $name ) {
	if ( defined( $name ) ) {
		$kinds[ constant( $name ) ] = $name;
	}
}

foreach ( array_slice( $argv, 1 ) as $file ) {
	$tokens = token_get_all( file_get_contents( $file ) );
	foreach ( $tokens as $index => $token ) {
		if ( ! is_array( $token ) ) {
			continue;
		}
		if ( isset( $kinds[ $token[0] ] ) ) {
			echo $file, ':', $token[2], ': ', $kinds[ $token[0] ], "\n";
		}
		if ( T_STRING === $token[0] && in_array( strtolower( $token[1] ), $php8_functions, true ) ) {
			echo $file, ':', $token[2], ': ', $token[1], "()\n";
		}
		// Named arguments: `name:` right after `(` or `,` in a call.
		if ( T_STRING === $token[0] && isset( $tokens[ $index + 1 ] ) && ':' === $tokens[ $index + 1 ] ) {
			$before = $index - 1;
			while ( $before >= 0 && is_array( $tokens[ $before ] ) && T_WHITESPACE === $tokens[ $before ][0] ) {
				--$before;
			}
			if ( $before >= 0 && in_array( $tokens[ $before ], array( '(', ',' ), true ) ) {
				echo $file, ':', $token[2], ': named argument ', $token[1], "\n";
			}
		}
	}
}
