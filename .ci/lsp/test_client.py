"""mc-style lsp driven end to end by pytest-lsp: open, change, completion, hover, definition, symbols, code
actions, shutdown and exit, with positions counted in UTF-16 as the protocol's default."""
import asyncio
import json
import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import server_binary


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[server_binary(), "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=types.ClientCapabilities(), root_uri=None)
    )
    yield
    await lsp_client.shutdown_session()


def uri(path: pathlib.Path) -> str:
    return path.as_uri()


async def open_document(client: LanguageClient, path: pathlib.Path, text: str, language: str = "yaml"):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri(path), language_id=language, version=1, text=text)
        )
    )
    await wait_for_diagnostics(client)


async def wait_for_diagnostics(client: LanguageClient):
    """The next publishDiagnostics; a server that never sends it fails the test instead of hanging it."""
    await asyncio.wait_for(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), timeout=30)


async def wait_for_diagnostics_of(client: LanguageClient, document: str, version: int):
    """The publishDiagnostics for `document` at `version`: a publish for another file (a base the check read), or
    one still on its way from before the change, is not the answer to the change."""

    async def matching():
        while True:
            params = await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
            if params.uri == document and params.version == version:
                return

    await asyncio.wait_for(matching(), timeout=30)


def utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def place(text: str, needle: str, offset: int = 0) -> types.Position:
    """The UTF-16 position of `needle` (plus `offset` characters) in `text`."""
    index = text.index(needle) + offset
    line = text.count("\n", 0, index)
    start = text.rfind("\n", 0, index) + 1
    return types.Position(line=line, character=utf16(text[start:index]))


async def test_diagnostics_follow_the_unsaved_text(client: LanguageClient, project: pathlib.Path):
    path = project / "mc-style.yaml"
    text = path.read_text(encoding="utf-8").replace("opacity: 0.6", "opacity: 1.6")
    await open_document(client, path, text)
    found = client.diagnostics[uri(path)]
    assert [d.code for d in found] == ["decl.range"], found
    assert found[0].severity == types.DiagnosticSeverity.Error
    assert found[0].range.start == place(text, "1.6")
    assert found[0].range.end == place(text, "1.6", 3)
    assert found[0].code_description.href.endswith("rules.md#declrange")
    # An incremental change puts it right: the diagnostics are published again, empty.
    start = place(text, "1.6")
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=start, end=types.Position(line=start.line, character=start.character + 3)),
                    text="0.5",
                )
            ],
        )
    )
    await wait_for_diagnostics_of(client, uri(path), 2)
    assert list(client.diagnostics[uri(path)]) == []


async def test_positions_count_utf16_past_japanese_and_emoji(client: LanguageClient, project: pathlib.Path):
    path = project / "mc-style.yaml"
    text = path.read_text(encoding="utf-8").replace(
        '- text: "国土地理院"\n        bounds:', '- { text: "国土地理院 🗾 ©", minZoom: 30 }\n      - text: x\n        bounds:'
    )
    await open_document(client, path, text)
    found = client.diagnostics[uri(path)]
    assert [d.code for d in found] == ["decl.range"], found
    line = text.splitlines()[found[0].range.start.line]
    # The byte column and the scalar column would both land elsewhere: 🗾 is 4 bytes and 2 UTF-16 units.
    assert found[0].range.start.character == utf16(line[: line.index("30")])
    assert found[0].range.start.character != len(line[: line.index("30")].encode("utf-8"))


async def test_completion_offers_anchor_layers_fields_and_values(client: LanguageClient, project: pathlib.Path):
    path = project / "mc-style.yaml"
    text = path.read_text(encoding="utf-8")
    await open_document(client, path, text)
    anchors = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(path)), position=place(text, "National park", 3)
        )
    )
    items = {item.label: item for item in anchors.items}
    assert "National park" in items and "Motorway label" in items
    assert items["National park"].detail.startswith("fill")
    # A raster below the background would be hidden: background layers are not offered for `below`.
    base = json.loads((project / "base.json").read_text(encoding="utf-8"))
    backgrounds = [layer["id"] for layer in base["layers"] if layer["type"] == "background"]
    assert backgrounds and not any(name in items for name in backgrounds)
    # Field names of a source, where a key is typed.
    text2 = text.replace("    maxZoom: 19\n", "    maxZoom: 19\n    sch\n")
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text2)],
        )
    )
    fields = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(path)), position=place(text2, "    sch\n", 7)
        )
    )
    labels = [item.label for item in fields.items]
    assert "scheme" in labels and "urlTemplate" in labels and "placement" in labels
    # Fixed values.
    text3 = text.replace("target: tomtom", "target: ")
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=3),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text3)],
        )
    )
    values = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(path)), position=place(text3, "target: ", 8)
        )
    )
    assert sorted(item.label for item in values.items) == ["maplibre", "tomtom"]


async def test_hover_explains_fields_and_anchors(client: LanguageClient, project: pathlib.Path):
    path = project / "mc-style.yaml"
    text = path.read_text(encoding="utf-8")
    await open_document(client, path, text)
    field = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri(path)), position=place(text, "opacity: 0.6", 2))
    )
    assert "opacity" in field.contents.value and "0 to 1" in field.contents.value
    anchor = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri(path)), position=place(text, "Motorway label", 2)
        )
    )
    assert "Motorway label" in anchor.contents.value and "symbol" in anchor.contents.value


async def test_definition_jumps_to_base_include_and_anchor(client: LanguageClient, project: pathlib.Path):
    path = project / "mc-style.yaml"
    text = path.read_text(encoding="utf-8")
    await open_document(client, path, text)
    identifier = types.TextDocumentIdentifier(uri=uri(path))
    base = await client.text_document_definition_async(
        types.DefinitionParams(text_document=identifier, position=place(text, "base: base.json", 7))
    )
    assert [location.uri for location in base] == [uri(project / "base.json")]
    include = await client.text_document_definition_async(
        types.DefinitionParams(text_document=identifier, position=place(text, "!include parts", 12))
    )
    assert [location.uri for location in include] == [uri(project / "parts" / "contours.yaml")]
    anchor = await client.text_document_definition_async(
        types.DefinitionParams(text_document=identifier, position=place(text, "National park", 2))
    )
    base_text = (project / "base.json").read_text(encoding="utf-8")
    assert anchor[0].uri == uri(project / "base.json")
    assert anchor[0].range.start == place(base_text, '"National park"')


async def test_symbols_list_sources_in_order(client: LanguageClient, project: pathlib.Path):
    path = project / "mc-style.yaml"
    text = path.read_text(encoding="utf-8")
    await open_document(client, path, text)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri(path)))
    )
    sources = next(symbol for symbol in symbols if symbol.name == "sources")
    assert [child.name for child in sources.children][:4] == [
        "gsi-hillshade", "weather-radar", "esri-imagery", "population-heatmap"
    ]


async def test_code_actions_fix_a_misspelt_anchor_and_move_a_key(client: LanguageClient, project: pathlib.Path):
    path = project / "mc-style.yaml"
    text = (
        path.read_text(encoding="utf-8")
        .replace("below: National park", "below: Nationl park")
        .replace("{z}/{x}/{y}.png\n", "{z}/{x}/{y}.png?apikey=AbCdEfGhIjKlMnOpQrStUvWx12345\n", 1)
    )
    await open_document(client, path, text)
    codes = sorted(d.code for d in client.diagnostics[uri(path)])
    assert codes == ["compose.placement-anchor", "secret.literal-key"], codes
    # The key never reaches the editor through a message.
    assert all("AbCdEfGhIj" not in d.message for d in client.diagnostics[uri(path)])
    identifier = types.TextDocumentIdentifier(uri=uri(path))
    position = place(text, "Nationl park", 2)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=identifier, range=types.Range(start=position, end=position),
            context=types.CodeActionContext(diagnostics=[]),
        )
    )
    edit = actions[0].edit.changes[uri(path)][0]
    assert actions[0].title == "Change to 'National park'"
    assert edit.new_text == "National park" and edit.range.start == place(text, "Nationl park")
    position = place(text, "apikey=", 3)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=identifier, range=types.Range(start=position, end=position),
            context=types.CodeActionContext(diagnostics=[]),
        )
    )
    moves = [action for action in actions if "${" in action.title]
    assert moves, actions
    edit = moves[0].edit.changes[uri(path)][0]
    assert edit.new_text == "${GSI_HILLSHADE_KEY}" and "set GSI_HILLSHADE_KEY" in moves[0].title
    assert edit.range.start == place(text, "AbCdEfGh")


async def test_a_change_to_the_base_checks_its_declarations_again(client: LanguageClient, project: pathlib.Path):
    path = project / "mc-style.yaml"
    await open_document(client, path, path.read_text(encoding="utf-8"))
    assert list(client.diagnostics[uri(path)]) == []
    base_path = project / "base.json"
    base_text = base_path.read_text(encoding="utf-8")
    await open_document(client, base_path, base_text, language="json")
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri(base_path), version=2),
            content_changes=[
                types.TextDocumentContentChangeWholeDocument(text=base_text.replace('"National park"', '"Nature park"'))
            ],
        )
    )
    # The publishes of the opens may still be on their way, in either order with the change's: wait until the
    # declarations' list changes (a server that never sends it times out in `wait_for_diagnostics`).
    for _ in range(8):
        await wait_for_diagnostics(client)
        if client.diagnostics.get(uri(path)):
            break
    assert [d.code for d in client.diagnostics[uri(path)]] == ["compose.placement-anchor"]


async def test_style_completion_and_source_definition(client: LanguageClient, project: pathlib.Path):
    path = project / "style.json"
    text = json.dumps(
        {
            "version": 8,
            "sources": {"hills": {"type": "raster", "tiles": ["https://tiles.example.com/{z}/{x}/{y}.png"]}},
            "layers": [{"id": "hills", "type": "raster", "source": "hills", "paint": {"raster-opacity": 0.5}}],
        },
        indent=2,
    )
    path.write_text(text, encoding="utf-8")
    await open_document(client, path, text, language="json")
    identifier = types.TextDocumentIdentifier(uri=uri(path))
    paint = await client.text_document_completion_async(
        types.CompletionParams(text_document=identifier, position=place(text, '"raster-opacity"', 1))
    )
    labels = [item.label for item in paint.items]
    assert "raster-resampling" in labels and "fill-color" not in labels
    source = await client.text_document_definition_async(
        types.DefinitionParams(text_document=identifier, position=place(text, '"source": "hills"', 12))
    )
    assert source[0].range.start == place(text, '"hills": {')
