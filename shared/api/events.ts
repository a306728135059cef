import { createEventBody, listEventsCsvQuery, listEventsQuery } from '../schemas/events.js';
import type { RouteDeclaration } from './route-declaration.js';

/** The history of what happened to links. */

export const createEventRoute = {
  method: 'POST',
  path: '/events',
  handler: 'functions/events/create-event.ts',
  table: 'write',
  idempotent: true,
  summary: 'Record an event',
  description: 'Synchronous, unlike the automatic events; any event_type of 1-100 characters.',
  body: {
    schema: createEventBody,
    example: { url_id: 1, user_id: 1, event_type: 'signup', details: { plan: 'pro' } },
  },
  success: { status: 201, description: 'The new event', record: 'Event' },
  errors: { 404: 'User not found, or URL not found' },
} satisfies RouteDeclaration;

export const listEventsRoute = {
  method: 'GET',
  path: '/events',
  handler: 'functions/events/list-events.ts',
  table: 'read',
  indexes: ['GSI1', 'GSI2', 'GSI3'],
  summary: 'List events',
  query: listEventsQuery,
  success: {
    status: 200,
    description: 'Events in id order',
    record: 'Event',
    list: true,
    csv: { query: listEventsCsvQuery },
  },
} satisfies RouteDeclaration;
