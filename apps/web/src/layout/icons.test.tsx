import { flattenRoutes } from '@kontor/contracts';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RouteIcon } from './icons.js';

describe('menu icons', () => {
  it('draws every icon the route table names, and nothing for an unknown or missing name', () => {
    const names = [...new Set(flattenRoutes().flatMap((route) => (route.icon ? [route.icon] : [])))];
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(render(<RouteIcon name={name} />).container.querySelector('svg'), name).not.toBeNull();
    expect(render(<RouteIcon name="NoSuchOutlined" />).container.innerHTML).toBe('');
    expect(render(<RouteIcon />).container.innerHTML).toBe('');
  });
});
