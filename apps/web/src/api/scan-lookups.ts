import type { ApiData } from '@kontor/contracts/api-responses';

/** `GET /v0/compartment/any` (facts §2.7): a miss answers `guid: ""`. */
export type CompartmentHit = ApiData<'GET /v0/compartment/any'>;

/** `GET /v0/item/any` (facts §2.7): a miss answers `guid: ""`; `expiryTracked` units need their best-before date. */
export type ItemHit = ApiData<'GET /v0/item/any'>;
