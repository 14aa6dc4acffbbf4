import { lazy, type ComponentType } from 'react';
import { loadChunk } from '../lib/chunk.js';

/** A screen in its own chunk; loading fails with ChunkLoadError after 120 s or on a failed request. */
export const lazyScreen = <T extends ComponentType>(load: () => Promise<{ default: T }>) => lazy(() => loadChunk(load));
