import type { FastifyReply } from 'fastify';

/**
 * Sends JSON text made beforehand (a cached answer, a constant) as it is: a string with a JSON
 * content type skips the route's serializer, so the text must already have the response
 * schema's shape.
 */
export const sendJsonText = (reply: FastifyReply, json: string) =>
  reply.type('application/json; charset=utf-8').send(json);
