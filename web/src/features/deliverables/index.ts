/** The order page's deliverables block (`/orders/{id}`), for its customer and for admins. */
export { Deliverables } from './components/deliverables';
