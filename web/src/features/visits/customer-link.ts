/** The customer screen (built in the customers feature; linked by URL, not by its route type). */
export const customerHref = (customerId: string) => `/customers/${encodeURIComponent(customerId)}`;
