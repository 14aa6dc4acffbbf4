import { create } from 'zustand';

/** A print request relayed by the server to this print station (spec §7 `print`). */
export interface PrintRequest {
  type: 'previewUrl' | 'printSN' | 'printItemDesc' | string;
  [key: string]: unknown;
}

export interface JobEvent {
  id: number;
  kind: string;
  status: string;
  done: number;
  total: number;
  message?: string;
}

interface RealtimeState {
  connected: boolean;
  prints: PrintRequest[];
  jobs: Record<number, JobEvent>;
  setConnected(connected: boolean): void;
  pushPrint(request: PrintRequest): void;
  takePrint(): PrintRequest | undefined;
  jobEvent(event: JobEvent): void;
}

/** What arrived over the socket, for the screens that use it (print flow, jobs indicator). */
export const useRealtime = create<RealtimeState>((set, get) => ({
  connected: false,
  prints: [],
  jobs: {},
  setConnected: (connected) => set({ connected }),
  pushPrint: (request) => set({ prints: [...get().prints, request].slice(-50) }),
  takePrint() {
    const [first, ...rest] = get().prints;
    set({ prints: rest });
    return first;
  },
  jobEvent: (event) => set({ jobs: { ...get().jobs, [event.id]: event } }),
}));

const RFID_KEY = 'kontor.rfid';

/** `rfid` events are stored locally for the scan screens that read them. */
export function storeRfid(payload: unknown): void {
  localStorage.setItem(RFID_KEY, JSON.stringify({ at: Date.now(), payload }));
}
