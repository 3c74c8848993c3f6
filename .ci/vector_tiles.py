"""Mapbox Vector Tiles made for a style: every source-layer it draws, with features whose properties take the
values its filters and functions compare with, so a render exercises the style's branches. A small
protobuf encoder of the MVT 2.1 layout (layers, features with tags, keys, values, geometry commands); no
package needed."""
import struct

EXTENT = 4096


def _varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _key(field, wire):
    return _varint((field << 3) | wire)


def _bytes(field, data):
    return _key(field, 2) + _varint(len(data)) + data


def _zigzag(n):
    return (n << 1) ^ (n >> 31)


def _value(value):
    if isinstance(value, bool):
        return _key(7, 0) + _varint(1 if value else 0)
    if isinstance(value, int):
        return _key(6, 0) + _varint(_zigzag(value))  # sint
    if isinstance(value, float):
        return _key(3, 1) + struct.pack("<d", value)
    return _bytes(1, str(value).encode())


def _geometry(kind, points):
    """Commands for one point, one line or one ring (closed), from (x, y) tile coordinates."""
    out = [(1 & 7) | (1 << 3)]
    x0, y0 = points[0]
    out += [_zigzag(x0), _zigzag(y0)]
    if kind == 1:
        return out
    rest = points[1:]
    out.append((2 & 7) | (len(rest) << 3))
    cx, cy = x0, y0
    for x, y in rest:
        out += [_zigzag(x - cx), _zigzag(y - cy)]
        cx, cy = x, y
    if kind == 3:
        out.append((7 & 7) | (1 << 3))
    return out


def _packed(field, values):
    return _bytes(field, b"".join(_varint(v) for v in values))


def encode(layers):
    """layers: {name: [(kind, points, properties)]} -> tile bytes."""
    tile = bytearray()
    for name, features in layers.items():
        keys, values, body = [], [], bytearray()
        for number, (kind, points, properties) in enumerate(features):
            tags = []
            for key, value in properties.items():
                if value is None:
                    continue
                if key not in keys:
                    keys.append(key)
                encoded = _value(value)
                if encoded not in values:
                    values.append(encoded)
                tags += [keys.index(key), values.index(encoded)]
            feature = _key(1, 0) + _varint(number + 1) + _packed(2, tags) + _key(3, 0) + _varint(kind) + _packed(4, _geometry(kind, points))
            body += _bytes(2, feature)
        layer = _key(15, 0) + _varint(2) + _bytes(1, name.encode()) + bytes(body)
        layer += b"".join(_bytes(3, k.encode()) for k in keys) + b"".join(_bytes(4, v) for v in values)
        layer += _key(5, 0) + _varint(EXTENT)
        tile += _bytes(3, layer)
    return bytes(tile)


def style_vocabulary(style):
    """{source-layer: {key: [values]}} from what the style's filters and functions read, per source layer."""
    vocabulary = {}
    layers = {layer.get("id"): layer for layer in style.get("layers", [])}

    def collect(node, keys):
        if isinstance(node, list) and node:
            op = node[0]
            if op in ("==", "!=", "<", ">", "<=", ">=", "in", "!in") and len(node) >= 3 and isinstance(node[1], str) and not node[1].startswith("$"):
                keys.setdefault(node[1], set()).update(v for v in node[2:] if isinstance(v, (str, int, float, bool)))
            if op in ("has", "!has") and len(node) == 2 and isinstance(node[1], str) and not node[1].startswith("$"):
                keys.setdefault(node[1], set()).add("yes")
            if op in ("get", "has") and len(node) == 2 and isinstance(node[1], str):
                keys.setdefault(node[1], set())
            if op in ("==", "!=", "in", "match") and len(node) >= 3 and isinstance(node[1], list) and node[1][:1] == ["get"] and len(node[1]) == 2:
                found = keys.setdefault(node[1][1], set())
                for item in node[2:]:
                    for value in (item if isinstance(item, list) else [item]):
                        if isinstance(value, (str, int, float)) and not isinstance(value, bool):
                            found.add(value)
            for item in node:
                collect(item, keys)
        elif isinstance(node, dict):
            if isinstance(node.get("property"), str):
                found = keys.setdefault(node["property"], set())
                for stop in node.get("stops", []):
                    value = stop[0].get("value") if isinstance(stop[0], dict) else stop[0]
                    if isinstance(value, (str, int, float)):
                        found.add(value)
            for item in node.values():
                collect(item, keys)

    for layer in style.get("layers", []):
        base = layers.get(layer.get("ref"), layer)
        name = base.get("source-layer")
        if not name:
            continue
        keys = vocabulary.setdefault(name, {})
        collect(base.get("filter"), keys)
        for group in ("paint", "layout"):
            collect(layer.get(group, {}), keys)
    return {name: {key: sorted(values, key=lambda v: (str(type(v)), str(v))) for key, values in keys.items()} for name, keys in vocabulary.items()}


def tile_for(vocabulary, z, x, y):
    """A tile: a grid of cells, each source layer a band of every cell (a polygon, a line along it, a point),
    each feature with the next combination of its keys' values (numbers also one above, so comparisons land
    on both sides) and a key left out now and then."""
    layers = {}
    count = max(1, len(vocabulary))
    for index, (name, keys) in enumerate(sorted(vocabulary.items())):
        features = []
        choices = {key: (values or ["a"]) + [v + 1 for v in values if isinstance(v, int) and not isinstance(v, bool)] for key, values in keys.items()}
        cells = 6
        size = EXTENT // cells
        for number in range(cells * cells):
            row, column = divmod(number, cells)
            properties = {}
            for offset, (key, values) in enumerate(sorted(choices.items())):
                if (number + offset) % 7 == 6:
                    continue  # a missing key now and then
                properties[key] = values[(number + offset + index) % len(values)]
            # Each source layer has its own band of every cell, so layers drawn later do not hide the others.
            band = max(2, size // count)
            x0, y0 = column * size + 4, row * size + index * band
            x1, y1 = x0 + size - 8, y0 + band - 2
            features.append((3, [(x0, y0), (x1, y0), (x1, y1), (x0, y1)], properties))
            features.append((2, [(x0, y0 + band // 2), (x1, y1 - band // 2 + 1)], properties))
            features.append((1, [((x0 + x1) // 2, (y0 + y1) // 2)], properties))
        layers[name] = features
    return encode(layers)
