/** The notifications part of the domain: what the gateway, the worker and the composition root may use. */
export { insertNotification, insertNotifications, listNotifications, markNotificationsRead, type NewNotification, notify, notifyAll, toNotification, } from './repository';
