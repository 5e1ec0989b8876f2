// The request feature: the address bar, to fetch any URL without an agent. Other features import it only from here.

export { AddressBar } from './AddressBar';
