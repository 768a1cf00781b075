import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CLIENT_ID_MESSAGE, PAGE_SIZE_MESSAGE, isClientId, readClientsPageQuery } from "./client-id";
import { clientIdSchema, clientsPageQuerySchema } from "./";

describe("client ids and the clients list's URL state without zod", () => {
  it("reads the page size and the cursor, with the defaults and the messages of the server", () => {
    expect(readClientsPageQuery({})).toEqual({ success: true, data: { take: 25 } });
    expect(readClientsPageQuery({ take: "", cursor: "" })).toEqual({ success: true, data: { take: 25 } });
    expect(readClientsPageQuery({ take: "50", cursor: " cmi9rgt1ogkfysbx0rq0mbfz5 " })).toEqual({
      success: true,
      data: { take: 50, cursor: "cmi9rgt1ogkfysbx0rq0mbfz5" },
    });
    expect(readClientsPageQuery({ take: "7" })).toEqual({ success: false, field: "take", message: PAGE_SIZE_MESSAGE });
    expect(readClientsPageQuery({ take: ["25"] })).toMatchObject({ success: false, field: "take" });
    expect(readClientsPageQuery({ cursor: "../etc" })).toEqual({
      success: false,
      field: "cursor",
      message: CLIENT_ID_MESSAGE,
    });
  });

  it("is the rule the server's schemas apply, for any input", () => {
    const text = fc.oneof(fc.string(), fc.constantFrom("10", "25", "50", "100", "", " 25", "abcdef", "a-b_c9"));
    fc.assert(
      fc.property(fc.option(text, { nil: undefined }), fc.option(text, { nil: undefined }), (take, cursor) => {
        const plain = readClientsPageQuery({ take, cursor });
        const schema = clientsPageQuerySchema.safeParse({ take, cursor });
        expect(schema.success).toBe(plain.success);
        if (plain.success && schema.success) expect(schema.data).toEqual(plain.data);
        if (!plain.success && !schema.success) expect(schema.error.issues[0]?.message).toBe(plain.message);
      }),
    );
    fc.assert(
      fc.property(text, (v) => {
        expect(isClientId(v)).toBe(clientIdSchema.safeParse(v).success);
      }),
    );
  });
});
