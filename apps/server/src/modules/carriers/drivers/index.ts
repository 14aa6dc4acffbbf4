import type { CarrierCode, CarrierDriver } from '../driver.js';
import { dhlDriver } from './dhl/index.js';
import { dpdDriver } from './dpd/index.js';
import { sandboxDriver } from './sandbox/index.js';
import { upsDriver } from './ups/index.js';

/**
 * The driver registry (issue 17 item 2): CarrierCode → driver. A driver is one folder beside this file
 * (`drivers/dhl/`, `drivers/dpd/`, `drivers/ups/`, `drivers/sandbox/`) added here with one line; no other
 * module changes. Tests register a fake with `registerCarrierDriver` and take it away with the function
 * it answers.
 */
const BUILT_IN: CarrierDriver[] = [sandboxDriver, dhlDriver, dpdDriver, upsDriver];

const drivers = new Map<CarrierCode, CarrierDriver>(BUILT_IN.map((d) => [d.code, d]));

/** Adds or replaces the driver of `driver.code`; answers a function that puts back what was there before. */
export function registerCarrierDriver(driver: CarrierDriver): () => void {
  const before = drivers.get(driver.code);
  drivers.set(driver.code, driver);
  return () => {
    if (before) drivers.set(driver.code, before);
    else drivers.delete(driver.code);
  };
}

export function carrierDriver(code: string): CarrierDriver | undefined {
  return drivers.get(code as CarrierCode);
}

export function carrierDrivers(): CarrierDriver[] {
  return [...drivers.values()];
}
