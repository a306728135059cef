import { createEventBody, listEventsCsvQuery, listEventsQuery } from '../schemas/events.js';
import { json, type OperationEntry } from './operation-entry.js';

/** The history of what happened to links. */
export const eventOperations: Record<string, OperationEntry> = {
  'POST /events': {
    summary: 'Record an event',
    description: 'Synchronous, unlike the automatic events; any event_type of 1-100 characters.',
    body: json(createEventBody),
    success: { status: 201, description: 'The new event', record: 'Event' },
    errors: { 404: 'User not found, or URL not found' },
  },
  'GET /events': {
    summary: 'List events',
    query: listEventsQuery,
    success: {
      status: 200,
      description: 'Events in id order',
      record: 'Event',
      list: true,
      csv: { query: listEventsCsvQuery },
    },
  },
};
