<?php defined("ABSPATH") || exit; class Vendor_Licence_Client { public static function register( $args ) {} }
