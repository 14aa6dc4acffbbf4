import type { Locator } from '@playwright/test';

/**
 * What a keyboard-wedge scanner does: the code's keys in one burst, then Enter. Typed in the page in
 * one go, so a busy machine cannot slow the keys down to a person's typing (which skips the double
 * scan); a second scan of the same code comes after the operator aims again, past the field's 300 ms
 * bounce filter.
 */
export async function wedge(input: Locator, code: string) {
  await input.page().waitForTimeout(350);
  await input.evaluate((element, text) => {
    const field = element as HTMLInputElement;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    for (let i = 1; i <= text.length; i++) {
      setValue.call(field, text.slice(0, i));
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 13, bubbles: true }));
    field.dispatchEvent(new KeyboardEvent('keyup', { key: 'Enter', code: 'Enter', keyCode: 13, bubbles: true }));
  }, code);
}
