import type { ticketsEn } from './en.js';

/** German texts of tickets (issue 7 §5); spread into screens-de.ts. */
export const ticketsDe: typeof ticketsEn = {
  tickets: {
    search: 'Ticket, Betreff oder Auftragsnummer suchen',
    number: 'Ticket',
    status: 'Status',
    subject: 'Betreff',
    message: 'Nachricht',
    files: 'Dateien',
    order: 'Auftrag',
    merchant: 'Händler',
    created: 'Eröffnet',
    lastSide: 'Zuletzt von',
    lastMessage: 'Letzte Nachricht',
    messages: 'Nachrichten',
    side: { merchant: 'Händler', staff: 'Lager' },
    detail: 'Ticket',
    detailTitle: 'Ticket {{unid}}',
    answer: 'Ihre Antwort',
    answerReopens: 'Ihre Antwort öffnet das Ticket wieder',
    send: 'Senden',
    sent: 'Antwort gesendet',
    new: 'Neues Ticket',
    opened: 'Ticket {{unid}} eröffnet',
    required: 'Pflichtfeld',
    none: 'Zu diesem Auftrag gibt es noch keine Tickets',
    summary: '{{count}} Nachricht(en), zuletzt von {{side}} am {{at}}',
    actions: { open: 'Wieder öffnen', waiting: 'Auf Händler warten', closed: 'Schließen' },
    done: { open: 'Ticket wieder geöffnet', waiting: 'Ticket wartet auf den Händler', closed: 'Ticket geschlossen' },
  },
};
