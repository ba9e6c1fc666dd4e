// The fan's cart changes from the web client (issue 30 item 7). Each change answers the cart as it is now
// (lib/schemas/cart.ts cartSchema, the same as GET …/cart): the answer goes into the query cache under the
// cart's key, so the cart page shows it without reading the cart again.
import type { QueryClient } from '@tanstack/react-query';
import type { Cart, CartItemsInput } from '@/lib/schemas/cart';
import { api, type ApiRequestOptions, type ApiResult } from './api-client';
import { queryKeys } from './query-keys';

const itemsPath = (eventId: string) => `/api/v1/events/${encodeURIComponent(eventId)}/cart/items`;

/** Holds seats, standing places or a resale listing (POST …/cart/items); on success the cache has the cart. */
export async function holdInCart(queryClient: QueryClient, eventId: string, selection: CartItemsInput, options?: Pick<ApiRequestOptions, 'toast'>): Promise<ApiResult<Cart>> {
  const result = await api.post<Cart>(itemsPath(eventId), selection, options);
  if (result.ok) queryClient.setQueryData(queryKeys.cart(eventId), result.data);
  return result;
}

/** Takes one line out of the cart (DELETE …/cart/items/{itemId}); on success the cache has the cart left. */
export async function releaseFromCart(queryClient: QueryClient, eventId: string, itemId: string): Promise<ApiResult<Cart>> {
  const result = await api.delete<Cart>(`${itemsPath(eventId)}/${encodeURIComponent(itemId)}`);
  if (result.ok) queryClient.setQueryData(queryKeys.cart(eventId), result.data);
  return result;
}
