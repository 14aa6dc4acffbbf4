import { parseMask, type Mask } from '@kontor/contracts/masks';
import { useEffect, useState } from 'react';
import { api } from '../api/request.js';

export type MaskState = { status: 'loading' } | { status: 'ready'; mask: Mask } | { status: 'missing' | 'denied' | 'invalid' };

/** Loads a mask by name (`GET /v0/masken/?q=`) and validates it with the contracts' schema. */
export function useMask(name: string, reloadKey = 0): MaskState {
  const [state, setState] = useState<{ key: string; value: MaskState }>({ key: '', value: { status: 'loading' } });
  const key = `${name}#${reloadKey}`;
  useEffect(() => {
    let alive = true;
    api('GET /v0/masken/', { params: { q: name }, quiet: true, expectedCodes: ['NotFound', 'NoPermission'] }).then(
      (data) => {
        const parsed = parseMask(data.mask);
        if (alive) setState({ key, value: parsed.ok ? { status: 'ready', mask: parsed.mask } : { status: 'invalid' } });
      },
      (err: { code?: string }) => alive && setState({ key, value: { status: err.code === 'NoPermission' ? 'denied' : 'missing' } }),
    );
    return () => {
      alive = false;
    };
  }, [name, key]);
  return state.key === key ? state.value : { status: 'loading' };
}
