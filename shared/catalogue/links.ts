/**
 * The vendor's outside links the portal shows: the knowledge base panel, the community group and the four
 * social networks of the sidebar (spec §2). A vendor changes them here.
 */
export const vendorLinks = {
  documentation: 'https://docs.vendor.example/',
  videoChannel: 'https://video.vendor.example/',
  communityGroup: 'https://community.vendor.example/',
  social: [
    { name: 'Facebook', url: 'https://facebook.com/vendor.example' },
    { name: 'X', url: 'https://x.com/vendor_example' },
    { name: 'YouTube', url: 'https://youtube.com/@vendor-example' },
    { name: 'LinkedIn', url: 'https://linkedin.com/company/vendor-example' },
  ],
} as const;
