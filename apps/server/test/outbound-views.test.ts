import { OUTBOUND_ORDER } from '@kontor/contracts';
import { describe, expect, it } from 'vitest';
import { OUTBOUND_VIEWS } from '../src/modules/outbound/outbound.resources.js';

describe('outbound order views', () => {
  it('the warehouse view holds the orders between allocation and the carrier, exceptions included', () => {
    expect(OUTBOUND_VIEWS.warehouse.statuses).toEqual(
      OUTBOUND_ORDER.codes(
        'readyToPick',
        'readyToSwap',
        'inPicklist',
        'picklistPrinted',
        'readyToPack',
        'partiallyPacked',
        'packed',
        'packetWeightNeeded',
        'packetDimensionNeeded',
        'shipmentLabelAwaits',
        'transportLabelAwaits',
        'packingCompleted',
        'snRequired',
        'partialQc',
        'readyToShip',
        'partiallyShipped',
        'hold',
        'problem',
        'manualHandlingAwaits',
        'cancelRequested',
      ),
    );
  });
});
