import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCursorPages } from './use-cursor-pages.js';

describe('cursor pages held by the component', () => {
  it('goes forward by the answer’s cursor, back page by page to the first, and resets', () => {
    const { result } = renderHook(() => useCursorPages());
    expect(result.current).toMatchObject({ cursor: undefined, hasPrevious: false });
    act(() => result.current.next('c2'));
    act(() => result.current.next('c3'));
    expect(result.current).toMatchObject({ cursor: 'c3', hasPrevious: true });
    act(() => result.current.previous());
    expect(result.current.cursor).toBe('c2');
    act(() => result.current.previous());
    expect(result.current).toMatchObject({ cursor: undefined, hasPrevious: false });
    act(() => result.current.next('c2'));
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ cursor: undefined, hasPrevious: false });
    act(() => result.current.next('c2'));
    act(() => result.current.previous());
    expect(result.current.cursor).toBeUndefined();
  });
});
