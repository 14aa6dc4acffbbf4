import { AppError, ruleError } from '../../http/app-error.js';
import type { CompartmentRef, ItemRef, PlacesRepo } from './places.repo.js';
import type { TenantScope } from '../../db/tenant-scope.js';

/**
 * Turns what a form or a scanner sends (an id, or a scanned code) into the record, within the
 * caller's merchant scope. Unknown or foreign records are answered the same way: not found.
 */
export async function resolveItem(places: PlacesRepo, scope: TenantScope, input: { itemId?: number; item?: string }, field = 'item'): Promise<ItemRef> {
  if (input.itemId !== undefined) {
    const item = await places.itemById(input.itemId, scope);
    if (!item) throw new AppError('ItemNotFound', { params: { code: input.itemId }, fields: [{ field: `${field}Id`, message: String(input.itemId) }] });
    return item;
  }
  const code = input.item?.trim();
  if (!code) throw new AppError('IntegrityError', { fields: [ruleError(field, 'required')] });
  const items = await places.itemsByCode(code, scope);
  if (items.length === 0) throw new AppError('ItemNotFound', { params: { code }, fields: [{ field, message: code }] });
  if (items.length > 1) throw new AppError('IntegrityError', { fields: [ruleError(field, 'ambiguousCode', { code })] });
  return items[0]!;
}

export async function resolveCompartment(
  places: PlacesRepo,
  input: { compartmentId?: number; compartment?: string },
  field = 'compartment',
  warehouseId?: number,
): Promise<CompartmentRef> {
  if (input.compartmentId !== undefined) {
    const found = await places.compartmentById(input.compartmentId);
    if (!found)
      throw new AppError('CompartmentNotFound', {
        params: { code: input.compartmentId },
        fields: [{ field: `${field}Id`, message: String(input.compartmentId) }],
      });
    return found;
  }
  const code = input.compartment?.trim();
  if (!code) throw new AppError('IntegrityError', { fields: [ruleError(field, 'required')] });
  const all = await places.compartmentsByCode(code);
  const found = warehouseId !== undefined ? (all.find((c) => c.warehouseId === warehouseId) ?? all[0]) : all[0];
  if (!found) throw new AppError('CompartmentNotFound', { params: { code }, fields: [{ field, message: code }] });
  return found;
}

export function mustBeOpen(compartment: CompartmentRef, field = 'compartment'): void {
  if (compartment.blocked) throw new AppError('CompartmentBlocked', { params: { code: compartment.code }, fields: [{ field, message: compartment.code }] });
}

export function insufficient(available: number, requested: number, field = 'quantity'): AppError {
  return new AppError('InsufficientStock', { params: { available, requested }, fields: [ruleError(field, 'availableOnly', { available })] });
}
