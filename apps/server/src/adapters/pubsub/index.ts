export { createPubSub } from './create-pubsub';
export {
  MAX_PAYLOAD_BYTES,
  PayloadTooLargeError,
  fitsInMessage,
  type PubSub,
  type PubSubHandler,
  type Unsubscribe,
} from './pubsub';
