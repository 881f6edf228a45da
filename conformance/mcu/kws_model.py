"""The keyword-spotting DS-CNN of refmath.mcu.ds_cnn run through the
independent port (tflm_port.py), as refmath.mcu.run_model returns its
layers' outputs.
"""
import tflm_port as port


def run_port(x, layers):
    """Every layer's output through the port, as run_model returns them."""
    outs = []
    for d in layers:
        op = d["op"]
        if op in ("conv2d", "depthwise_conv2d"):
            m, s = port.conv_requant(d["input_scale"], d["filter_scales"],
                                     d["output_scale"])
            # ReLU: the clamp starts at the output zero point.
            common = dict(in_zp=d["input_zero_point"],
                          out_zp=d["output_zero_point"],
                          stride=d.get("stride", (1, 1)),
                          padding=d["padding"], lo=d["output_zero_point"])
            if op == "conv2d":
                x = port.conv2d(x, d["filter"], d["bias"], m, s, **common)
            else:
                x = port.depthwise_conv2d(x, d["filter"], d["bias"], m, s,
                                          **common)
        elif op == "avg_pool":
            x = port.avg_pool(x, *d["filter_size"], padding=d["padding"])
        elif op == "fully_connected":
            m, s = port.fc_requant(d["input_scale"], d["filter_scales"][0],
                                   d["output_scale"])
            flat = x.reshape(x.shape[0], -1)
            y = port.fully_connected(flat, d["filter"], d["bias"], m, s,
                                     d["input_zero_point"],
                                     d["output_zero_point"])
            x = y.reshape(x.shape[0], 1, 1, -1)
        elif op == "softmax":
            x = port.softmax(x, d["beta"], d["input_scale"])
        outs.append(x)
    return outs
