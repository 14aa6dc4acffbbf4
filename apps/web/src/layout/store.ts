import Cookies from 'js-cookie';
import { create } from 'zustand';

export type ComponentSize = 'large' | 'middle' | 'small';
export interface ErrorEntry {
  at: number;
  code: string;
  text: string;
  url: string;
}

// Cookie names of the original shell (items 29, 33).
const SIDEBAR_COOKIE = 'sidebarStatus';
const SIZE_COOKIE = 'size';

interface LayoutState {
  sidebarOpened: boolean;
  /** Open/close with animation unless the change comes from a resize (spec §4). */
  withoutAnimation: boolean;
  device: 'desktop' | 'mobile';
  size: ComponentSize;
  errors: ErrorEntry[];
  toggleSidebar(): void;
  closeSidebar(withoutAnimation?: boolean): void;
  setDevice(device: 'desktop' | 'mobile'): void;
  setSize(size: ComponentSize): void;
  addError(entry: Omit<ErrorEntry, 'at'>): void;
  clearErrors(): void;
}

const storedSize = Cookies.get(SIZE_COOKIE) as ComponentSize | undefined;

/** Shell state: sidebar open state and size are remembered; device defaults to desktop. */
export const useLayout = create<LayoutState>((set, get) => ({
  sidebarOpened: Cookies.get(SIDEBAR_COOKIE) !== '0',
  withoutAnimation: false,
  device: 'desktop',
  size: storedSize && ['large', 'middle', 'small'].includes(storedSize) ? storedSize : 'middle',
  errors: [],
  toggleSidebar() {
    const next = !get().sidebarOpened;
    Cookies.set(SIDEBAR_COOKIE, next ? '1' : '0');
    set({ sidebarOpened: next, withoutAnimation: false });
  },
  closeSidebar(withoutAnimation = false) {
    Cookies.set(SIDEBAR_COOKIE, '0');
    set({ sidebarOpened: false, withoutAnimation });
  },
  setDevice(device) {
    set({ device });
  },
  setSize(size) {
    Cookies.set(SIZE_COOKIE, size);
    set({ size });
  },
  addError(entry) {
    set({ errors: [{ ...entry, at: Date.now() }, ...get().errors].slice(0, 200) });
  },
  clearErrors() {
    set({ errors: [] });
  },
}));
