import { describe, expect, it, vi } from "vitest";
import { CreateProductDocument } from "../../../graphql/generated/graphql";
import { createApolloClient } from "../../../lib/apollo/client";
import { productInput } from "./productForm";

describe("Product images are uploaded through apollo-upload-client, with Apollo's preflight header", () => {
  it("sends a create with images as a GraphQL multipart request carrying 'apollo-require-preflight: true'", async () => {
    const answer = { data: { createProduct: { __typename: "ProductPayload", message: "Product created successfully.", product: null } } };
    const fetchSpy = vi.fn(async () => new Response(JSON.stringify(answer), { headers: { "content-type": "application/json" } }));
    const client = createApolloClient({ uri: "http://shop.test/graphql", fetch: fetchSpy as unknown as typeof fetch });
    const imageOne = new File(["front"], "front.png", { type: "image/png" });
    const input = productInput({
      name: "Snake Plant",
      description: "Hard to kill.",
      price: 24.5,
      discountPrice: "",
      quantity: 7,
      categoryId: "1",
      imageOne,
      imageTwo: null,
      taxClassId: null,
    });

    await client.mutate({ mutation: CreateProductDocument, variables: { input } }).catch(() => undefined);

    const init = (fetchSpy.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(new Headers(init.headers).get("apollo-require-preflight")).toBe("true");
    const body = init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    const operations = JSON.parse(String(body.get("operations")));
    expect(operations.variables.input).toMatchObject({ name: "Snake Plant", price: 24.5, quantity: 7, categoryId: 1, imageOne: null });
    expect(operations.variables.input).not.toHaveProperty("discountPrice");
    expect(JSON.parse(String(body.get("map")))).toEqual({ "1": ["variables.input.imageOne"] });
    expect((body.get("1") as File).name).toBe("front.png");
  });
});
