/**
 * Who a client address stands for wherever limits count per address (sign-in and registration
 * guesses, searches, open connections, a visitor's socket budgets). An IPv4 address is itself. An
 * IPv6 address counts as its /64: the block one home, phone or server is given, from which it can
 * take a new address for every request at no cost. An IPv4 client seen by a dual-stack server
 * (::ffff:203.0.113.7) is its IPv4 address.
 */
import ipaddr from 'ipaddr.js';

export function clientNetwork(address: string): string {
  if (!address.includes(':') || !ipaddr.IPv6.isValid(address)) return address;
  const ipv6 = ipaddr.IPv6.parse(address);
  if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address().toString();
  return `${new ipaddr.IPv6([...ipv6.parts.slice(0, 4), 0, 0, 0, 0]).toString()}/64`;
}
