/** English texts of a merchant's packing view by reference (issue 18 item 5, docs/packing.md); spread into screens-en.ts. */
export const packScanRefEn = {
  packScanRef: {
    title: 'Packing by reference',
    hint: 'Enter your reference number (or the order number): see how far packing is, the parcels, who packed them and when, and the tracking numbers.',
    search: 'Reference number',
    none: 'No order of yours has this reference',
    ref: 'Ref. {{ref}}',
    created: 'Ordered {{at}}',
    progress: '{{picked}} / {{units}} units picked',
    notPacked: 'Not packed yet',
    parcel: 'Parcel {{n}}',
    packedBy: 'Packed by {{user}} at {{station}}',
    packedAt: '{{at}}',
    weight: '{{kg}} kg',
    dimensions: '{{length}} × {{width}} × {{height}} cm',
    tracking: 'Tracking numbers',
    noTracking: 'No tracking number yet',
    lines: 'Items',
  },
};
