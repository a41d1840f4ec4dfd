// Checkout, shown only when a user is loaded: the customer block, the
// delivery region, 'Enter card' (a 2-second spinner, then the card modal), the order summary (the server's
// figures for the cart and the chosen region, from cartQuote) and
// 'Proceed to checkout', which runs the three checks in order and places the order. A failing check's
// message shows as a notification and beside what to fix, which takes focus. The cart's promotion codes go
// with the quote and the order: the summary shows what promotions and tax change (nothing when they change
// nothing), and a code that does not apply (said by the quote, or by placeOrder at `code`) is named with the
// reason and a link back to the cart to fix it; the order is never placed without it applying.
// When the shop takes payment on the provider's page (shopPayments.paysOutside: Stripe Checkout), there is no
// card here: the payment section says where the shopper pays and how long the items are held, the card check
// is skipped, and 'Continue to payment' places the order (AWAITING_PAYMENT, its items held) and sends the
// shopper to its payment page. Until the shop has said how it takes payment, the spec's card form shows.
// A shopper with more than one address in their address book chooses where it goes ('Deliver to', the default
// first); choosing one that has a delivery region picks that region (which can still be changed), and the
// order names the chosen address (addressId) unless it is the default, the account's contact details, which
// the order uses anyway: with one address or none, the checkout is the spec's, unchanged.
import { PageTitle } from "../../components/PageTitle";
import { useQuery } from "@apollo/client/react";
import { Anchor, Button, Grid, Group, NativeSelect, Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { EmptyState } from "../../components/EmptyState";
import { AddedTaxRows, DeliveryDiscountRow, DiscountRow, IncludedTaxRows } from "../../components/PriceSummary";
import { QuotedAmount, QuoteUnavailable } from "../../components/QuotedFigures";
import { RequireUser } from "../../components/RequireUser";
import { LoadingView } from "../../components/LoadingView";
import { CheckoutOptionsDocument, MyAddressesDocument, type PlaceOrderMutation } from "../../graphql/generated/graphql";
import { addressSummary, defaultFirst } from "../../lib/addresses/addressBook";
import { invalidInputFields, serverMessage } from "../../lib/apollo/errors";
import { CARD_ENTRY_DELAY_MS, emptyCard, previewNumber, type CardDetails } from "../../lib/card/cardRules";
import { useCart } from "../../lib/cart/CartProvider";
import { cartLineInput, isMissing, noLongerAvailable, useCartQuote } from "../../lib/cart/cartQuote";
import { lineKey } from "../../lib/cart/cartRules";
import { variantLabel } from "../../lib/catalog/variants";
import { firstCheckoutProblem, needsContactDetails, type CheckoutProblem } from "../../lib/checkout/checkoutChecks";
import { makeOrderReference } from "../../lib/checkout/orderReference";
import { messages } from "../../lib/messages";
import { formatMoney } from "../../lib/money";
import { notifyError, notifySuccess } from "../../lib/notify";
import { goToPaymentPage, paymentFailureMessage, paymentProviderName, usePayForOrder } from "../../lib/orders/onlinePayment";
import type { SessionUser } from "../../lib/session/session";
import { CardModal } from "./CardModal";
import { usePlaceOrder } from "./usePlaceOrder";

export function CheckoutScreen() {
  return <RequireUser signInTitle="Please sign in to check out." title="Checkout">{(user) => <Checkout user={user} />}</RequireUser>;
}

function Checkout({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const { cartItems, codes, clearCart } = useCart();
  const { data: checkoutOptions } = useQuery(CheckoutOptionsDocument);
  const regions = checkoutOptions?.regions.nodes ?? [];
  // The shop's payments: until it has said, the spec's card form (the simulated payments, the default).
  const payments = checkoutOptions?.shopPayments;
  const paysOutside = payments?.paysOutside === true;
  const [regionId, setRegionId] = useState<number | null>(null);
  const quote = useCartQuote(cartItems, regionId, codes);
  // The address book: a choice only when there is more than one address (the default first, chosen first).
  const { data: book } = useQuery(MyAddressesDocument, { fetchPolicy: "cache-and-network" });
  const addresses = defaultFirst(book?.myAddresses ?? []);
  const [chosenAddressId, setChosenAddressId] = useState<number | null>(null);
  const chosenAddress = addresses.find((address) => address.id === chosenAddressId) ?? addresses[0];
  const choosesAddress = addresses.length > 1;
  // placeOrder refused the chosen address ('The selected address is invalid.'): said under the choice.
  const [addressProblem, setAddressProblem] = useState<string | null>(null);
  const addressSelect = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (addressProblem) addressSelect.current?.focus();
  }, [addressProblem]);
  const [card, setCard] = useState<CardDetails>(emptyCard);
  const [cardModalOpen, setCardModalOpen] = useState(false);
  const [openingCard, setOpeningCard] = useState(false);
  // One reference per visit: a retry after a lost answer returns the same order instead of a second one.
  const [reference] = useState(makeOrderReference);
  const cardTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [placeOrder, { loading: placing }] = usePlaceOrder();
  const { pay, paying } = usePayForOrder();
  // The order is placed and the shopper is on the way to its payment page.
  const [leaving, setLeaving] = useState(false);

  useEffect(() => () => clearTimeout(cardTimer.current), []);
  // When the card modal closes, focus goes back to Enter card, not to the page's start.
  const cardButton = useRef<HTMLButtonElement>(null);
  const cardModalWasOpen = useRef(false);
  const contactLink = useRef<HTMLAnchorElement>(null);
  const regionSelect = useRef<HTMLSelectElement>(null);
  // Each failed check is a new object, so the same problem found again still moves focus to what to fix.
  const [problem, setProblem] = useState<CheckoutProblem | null>(null);
  useEffect(() => {
    if (!problem) return;
    const target = { card: cardButton, contact: contactLink, region: regionSelect }[problem.part];
    target.current?.focus();
  }, [problem]);
  const problemAt = (part: CheckoutProblem["part"]) => (problem?.part === part ? problem.message : undefined);
  // placeOrder refused a code ('This code has been used up.'): said in the summary, with the way back to the cart.
  const [codeProblem, setCodeProblem] = useState<{ message: string } | null>(null);
  const cartLink = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (codeProblem) cartLink.current?.focus();
  }, [codeProblem]);
  useEffect(() => {
    if (cardModalWasOpen.current && !cardModalOpen) cardButton.current?.focus();
    cardModalWasOpen.current = cardModalOpen;
  }, [cardModalOpen]);

  // The cart was emptied into the order: the page is on its way to the provider's.
  if (leaving) return <LoadingView label="Taking you to the payment page" />;
  if (cartItems.length === 0) {
    // The spec's empty state as it looks; the page's heading (for screen readers) and the tab's title still say
    // where the shopper is (Lighthouse found an empty checkout without either).
    return (
      <>
        <PageTitle title="Checkout" hidden />
        <EmptyState title="Your cart is empty!" link={{ to: "/", label: "Back to the store" }} />
      </>
    );
  }

  const ready = quote.status === "ready" ? quote.quote : undefined;
  // Products the server no longer has: said in the summary, which prices the cart without them.
  const missing = ready ? cartItems.filter((item) => isMissing(ready, item)) : [];
  // Codes the quote does not apply now (the code ended, the cart fell under its minimum).
  const unapplied = ready ? ready.codes.filter((outcome) => !outcome.applied) : [];

  const enterCard = () => {
    setOpeningCard(true);
    cardTimer.current = setTimeout(() => {
      setOpeningCard(false);
      setCardModalOpen(true);
    }, CARD_ENTRY_DELAY_MS);
  };

  /**
   * The order awaits its payment on the provider's page. It exists now and holds its items, so the cart has
   * become this order and is emptied here, before leaving, as after a simulated order: coming back (paid or
   * not) the shopper lands on the order's own page, which pays again or cancels, never on a cart that would
   * place it a second time. Then to its payment page (placeOrder's, else payForOrder opens one); when none
   * can be opened the shopper goes to the order's page, told why, where 'Pay now' asks again.
   */
  const continueToPayment = async (placed: PlaceOrderMutation["placeOrder"]) => {
    setLeaving(true);
    clearCart();
    notifySuccess(placed.message);
    const url = placed.order.payment?.url;
    if (url) {
      goToPaymentPage(url);
      return;
    }
    try {
      await pay(placed.order.id);
    } catch (error) {
      notifyError(paymentFailureMessage(error));
      navigate(`/user/order/${encodeURIComponent(placed.order.orderNumber)}`);
    }
  };

  const proceed = async () => {
    const found = firstCheckoutProblem({ card: paysOutside ? null : card, customer: user, regionId });
    if (found) {
      notifyError(found.message);
      setProblem(found);
      return;
    }
    setProblem(null);
    setCodeProblem(null);
    setAddressProblem(null);
    // The default address is what the order uses when none is named: only another one is sent.
    const addressId = choosesAddress && chosenAddress && !chosenAddress.isDefault ? chosenAddress.id : undefined;
    let placed: PlaceOrderMutation["placeOrder"] | undefined;
    try {
      const { data } = await placeOrder({
        variables: {
          input: {
            reference,
            regionId: regionId as number,
            lines: cartItems.map(cartLineInput),
            ...(codes.length > 0 ? { codes: [...codes] } : {}),
            ...(addressId !== undefined ? { addressId } : {}),
          },
        },
      });
      placed = data?.placeOrder;
    } catch (error) {
      const refused = invalidInputFields(error);
      const refusedCode = refused?.code;
      if (refusedCode) setCodeProblem({ message: refusedCode });
      if (refused?.address && addressId !== undefined) setAddressProblem(refused.address);
      notifyError(refusedCode ?? refused?.address ?? serverMessage(error));
      return;
    }
    // By the order's own status, not by what the page was told of the shop: the order is what was placed.
    if (placed?.order.status === "AWAITING_PAYMENT") {
      await continueToPayment(placed);
      return;
    }
    // The codes go with the cart.
    clearCart();
    navigate("/");
    notifySuccess(messages.orderPlaced);
  };

  return (
    <Stack gap="lg">
      <PageTitle title="Checkout" />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="customer">
              <Stack gap={6}>
                <Title order={2} size="h4" id="customer">
                  Customer
                </Title>
                <Text>{user.name}</Text>
                <Text>{user.email}</Text>
                <Text>{user.address || "No address"}</Text>
                <Text>{user.phone || "No contact"}</Text>
                {needsContactDetails(user) && (
                  <Anchor
                    component={Link}
                    to="/user/update-contact-details"
                    ref={contactLink}
                    aria-describedby={problemAt("contact") ? "contact-problem" : undefined}
                  >
                    Update contact details
                  </Anchor>
                )}
                <ProblemText id="contact-problem" message={problemAt("contact")} />
              </Stack>
            </Paper>

            <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="delivery">
              <Stack gap="sm">
                <Title order={2} size="h4" id="delivery">
                  Delivery
                </Title>
                {choosesAddress && chosenAddress && (
                  <NativeSelect
                    ref={addressSelect}
                    label="Deliver to"
                    description={`${chosenAddress.name}, ${chosenAddress.phone}`}
                    error={addressProblem ?? undefined}
                    value={String(chosenAddress.id)}
                    onChange={(event) => {
                      const address = addresses.find((entry) => entry.id === Number(event.currentTarget.value));
                      if (!address) return;
                      setChosenAddressId(address.id);
                      setAddressProblem(null);
                      // Its region, when it has one the shop still delivers to; the shopper may change it.
                      if (address.regionId !== null && regions.some((region) => region.id === address.regionId)) {
                        setRegionId(address.regionId);
                        if (problemAt("region")) setProblem(null);
                      }
                    }}
                    data={addresses.map((address) => ({ value: String(address.id), label: addressSummary(address) }))}
                  />
                )}
                <NativeSelect
                  ref={regionSelect}
                  label="Delivery region"
                  error={problemAt("region")}
                  value={regionId === null ? "" : String(regionId)}
                  onChange={(event) => {
                    if (problemAt("region")) setProblem(null);
                    setRegionId(event.currentTarget.value === "" ? null : Number(event.currentTarget.value));
                  }}
                  data={[
                    { value: "", label: "Select a region" },
                    ...regions.map((entry) => ({ value: String(entry.id), label: `${entry.name} (${formatMoney(entry.fee)})` })),
                  ]}
                />
              </Stack>
            </Paper>

            <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="payment">
              <Stack gap="sm">
                <Title order={2} size="h4" id="payment">
                  Payment method
                </Title>
                {payments && paysOutside ? (
                  <Text data-testid="pays-outside">{paysOutsideText(payments)}</Text>
                ) : (
                  <>
                    <Group>
                      <Button
                        ref={cardButton}
                        variant="light"
                        loading={openingCard}
                        onClick={enterCard}
                        aria-describedby={problemAt("card") ? "card-problem" : undefined}
                      >
                        Enter card
                      </Button>
                      {card.number !== "" && (
                        <Text size="sm" c="dimmed" data-testid="saved-card">
                          Card {previewNumber(card.number)}
                        </Text>
                      )}
                    </Group>
                    <ProblemText id="card-problem" message={problemAt("card")} />
                  </>
                )}
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="order-summary" aria-busy={quote.status === "loading"}>
            <Stack gap="sm">
              <Title order={2} size="h4" id="order-summary">
                Order summary
              </Title>
              <Group justify="space-between">
                <Text>{ready ? `Items (${ready.totalQuantity})` : "Items"}</Text>
                <QuotedAmount data-testid="items-total" state={quote.status} amount={ready?.itemsTotal} />
              </Group>
              {ready && <DiscountRow parts={ready} />}
              <Group justify="space-between">
                <Text>Delivery fee</Text>
                <QuotedAmount data-testid="delivery-fee" state={quote.status} amount={ready?.deliveryFee} />
              </Group>
              {ready && <DeliveryDiscountRow parts={ready} />}
              {ready && <AddedTaxRows parts={ready} />}
              <Group justify="space-between">
                <Text fw={700}>Total</Text>
                <QuotedAmount fw={700} data-testid="order-total" state={quote.status} amount={ready?.total} />
              </Group>
              {ready && <IncludedTaxRows parts={ready} />}
              {(codeProblem || unapplied.length > 0) && (
                <Stack gap={4} data-testid="code-problems">
                  {codeProblem ? (
                    <Text size="sm" c="red.9" role="alert">
                      {codeProblem.message}
                    </Text>
                  ) : (
                    unapplied.map((outcome) => (
                      <Text key={outcome.code} size="sm" c="red.9">
                        {`Code ${outcome.code}: ${outcome.message ?? ""}`}
                      </Text>
                    ))
                  )}
                  <Anchor component={Link} to="/cart" ref={cartLink} size="sm">
                    Change your codes in the cart
                  </Anchor>
                </Stack>
              )}
              {missing.map((item) => (
                <Text key={lineKey(item)} size="sm" c="red">
                  {noLongerAvailable(variantLabel(item.name, item.options))}
                </Text>
              ))}
              {/* Placing the order still works: the server prices and checks the cart again. */}
              {quote.status === "failed" && <QuoteUnavailable onRetry={quote.retry} />}
              <Button size="md" loading={placing || paying} onClick={() => void proceed()}>
                {paysOutside ? "Continue to payment" : "Proceed to checkout"}
              </Button>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>

      {cardModalOpen && !paysOutside && (
        <CardModal
          opened
          initialCard={card}
          onClose={() => setCardModalOpen(false)}
          onSave={(saved) => {
            setCard(saved);
            if (problemAt("card")) setProblem(null);
            setCardModalOpen(false);
          }}
        />
      )}
    </Stack>
  );
}

/** Where the shopper pays instead of a card here: 'You will pay securely on Stripe's page. We hold your items for 30 minutes.' */
export const paysOutsideText = ({ provider, holdMinutes }: { provider: string; holdMinutes: number }) =>
  `You will pay securely on ${paymentProviderName(provider)}'s page. We hold your items for ${holdMinutes} minutes.`;

/** A check's message beside what it is about (the element it describes names it by this id). */
function ProblemText({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <Text id={id} size="sm" c="red">
      {message}
    </Text>
  );
}
