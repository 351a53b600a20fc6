import type { FastifyReply } from 'fastify';

/**
 * Sends JSON made beforehand (a cached answer, a constant; text or its UTF-8 bytes) as it is: with a JSON
 * content type skips the route's serializer, so the text must already have the response
 * schema's shape.
 */
export const sendJsonText = (reply: FastifyReply, json: string | Buffer) =>
  reply.type('application/json; charset=utf-8').send(json);
