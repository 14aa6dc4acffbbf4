import { RESOURCE_ROW_FIELDS } from '@kontor/contracts/responses/resource-rows';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../src/modules/resources/catalogue.js';
import { allFields } from '../src/modules/resources/define.js';

describe('the web reads declared records with the fields the server declares', () => {
  it.each(Object.entries(RESOURCE_ROW_FIELDS))('%s', (path, { fields, notNull }) => {
    const def = RESOURCES.find((r) => r.path === path);
    expect(def, `no declared record type at ${path}`).toBeDefined();
    const declared = Object.fromEntries(Object.entries(allFields(def!)).map(([id, field]) => [id, field.kind]));
    expect(fields).toEqual(declared);
    // The web types these fields without null: the routes' answers must say the same.
    expect([...(def!.notNull ?? [])].sort()).toEqual([...notNull].sort());
  });
});
