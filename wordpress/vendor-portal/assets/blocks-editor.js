/**
 * The editor side of the element blocks, in plain JavaScript so the shop owner needs no build step.
 * The server registered each block from its block.json and renders it; here each block gets a
 * placeholder in the canvas and its attributes in the block inspector (a select for a fixed list of
 * values, a toggle for a yes/no attribute, a text field otherwise).
 */
( function ( wp, elements ) {
	var el = wp.element.createElement;
	var __ = wp.i18n.__;
	var sprintf = wp.i18n.sprintf;
	var InspectorControls = wp.blockEditor.InspectorControls;
	var useBlockProps = wp.blockEditor.useBlockProps;
	var components = wp.components;

	function control( key, attribute, props ) {
		var value = props.attributes[ key ];
		var set = function ( next ) {
			var change = {};
			change[ key ] = next;
			props.setAttributes( change );
		};
		var common = { key: key, label: attribute.label, help: attribute.description };
		if ( attribute.type === 'boolean' ) {
			return el( components.ToggleControl, Object.assign( common, { checked: !! value, onChange: set } ) );
		}
		if ( attribute.enum ) {
			var options = [ { label: __( 'Default', 'vendor-portal' ), value: '' } ].concat(
				attribute.enum.map( function ( option ) {
					return { label: option, value: option };
				} )
			);
			return el( components.SelectControl, Object.assign( common, { value: value || '', options: options, onChange: set } ) );
		}
		return el(
			components.TextControl,
			Object.assign( common, {
				value: value || '',
				type: attribute.type === 'number' ? 'number' : 'text',
				onChange: set,
			} )
		);
	}

	Object.keys( elements ).forEach( function ( name ) {
		var element = elements[ name ];
		wp.blocks.registerBlockType( 'vendor-portal/' + name, {
			edit: function ( props ) {
				var controls = Object.keys( element.attributes ).map( function ( key ) {
					return control( key, element.attributes[ key ], props );
				} );
				return el(
					'div',
					useBlockProps(),
					el(
						InspectorControls,
						null,
						el( components.PanelBody, { title: __( 'Element settings', 'vendor-portal' ) }, controls )
					),
					el( components.Placeholder, {
						icon: 'store',
						label: element.title,
						/* translators: %s: the element's tag, e.g. <vendor-checkout>. */
						instructions: sprintf( __( 'Shows %s on the published page.', 'vendor-portal' ), '<' + element.tag + '>' ),
					} )
				);
			},
			save: function () {
				return null;
			},
		} );
	} );
} )( window.wp, window.vendorPortalElements );
